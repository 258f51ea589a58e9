import { compareText } from './compare-text.ts'
import type { ReportRun, SummarizedRun } from './report.ts'

/** A run as the failing-runs list reads it: its milestones and minefields when the report holds them whole. */
export type ListedRun = SummarizedRun & Partial<Pick<ReportRun, 'milestones' | 'minefields'>>

/** A failed run, with the reason a person reads first. */
export interface FailingRun {
  readonly scenario: string
  readonly augmentation: string
  readonly trial: number
  readonly agent: string
  /** Its score (0 for a run the agent's own code ended). */
  readonly score: number
  /** What went wrong, in one sentence: the worst thing the run did, not every shortfall. */
  readonly reason: string
}

/** How many failing runs the terminal and the Markdown summary list before counting the rest. */
export const LISTED_FAILING_RUNS = 10

/**
 * Every run whose verdict is `failed`, worst first: by score, then by how grave the reason is
 * (the agent's code broke, an attacker's goal pursued, a false claim, a minefield, a milestone
 * missed, the turn limit), then by scenario, augmentation and trial, so the same report lists
 * them in the same order. Runs a domain or infrastructure error ended are no one's failure and
 * are counted apart in the summary.
 */
export function failingRuns(runs: readonly ListedRun[]): FailingRun[] {
  return runs
    .filter((run) => run.verdict === 'failed')
    .map((run) => ({ run, why: reasonOf(run) }))
    .sort(
      (first, second) =>
        (first.run.score ?? 0) - (second.run.score ?? 0) ||
        first.why.rank - second.why.rank ||
        compareText(first.run.scenario, second.run.scenario) ||
        compareText(first.run.augmentation, second.run.augmentation) ||
        first.run.trial - second.run.trial ||
        compareText(first.run.agent, second.run.agent),
    )
    .map(({ run, why }) => ({ scenario: run.scenario, augmentation: run.augmentation, trial: run.trial, agent: run.agent, score: run.score ?? 0, reason: why.text }))
}

/**
 * The failing runs as lines for a terminal: a heading, one line each (scenario, augmentation,
 * trial, reason), at most `limit` of them, then how many more and where the page with all of
 * them is. Empty when no run failed.
 */
export function formatFailingRuns(runs: readonly FailingRun[], options: { readonly page?: string; readonly limit?: number; readonly agents?: number } = {}): string[] {
  if (runs.length === 0) return []
  const limit = options.limit ?? LISTED_FAILING_RUNS
  const shown = runs.slice(0, limit)
  const lines = [`failing runs, worst first (${runs.length}):`]
  for (const run of shown) lines.push(`  ${runLabel(run, (options.agents ?? 1) > 1)}: ${run.reason}`)
  const rest = runs.length - shown.length
  const page = options.page
  if (rest > 0) lines.push(`  ... and ${rest} more failing run${rest === 1 ? '' : 's'}${page === undefined ? '' : `; all of them, with their conversations, are on ${page}`}`)
  else if (page !== undefined) lines.push(`  their conversations are on ${page}`)
  return lines
}

/** The failing runs as a Markdown section (for `$GITHUB_STEP_SUMMARY`): the same list as the terminal's. */
export function failingRunsMarkdown(runs: readonly FailingRun[], options: { readonly page?: string; readonly limit?: number } = {}): string {
  if (runs.length === 0) return ''
  const limit = options.limit ?? LISTED_FAILING_RUNS
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')
  const lines = [`### Failing runs, worst first (${runs.length})`, '', '| scenario | augmentation | trial | score | reason |', '|---|---|---|---|---|']
  for (const run of runs.slice(0, limit)) lines.push(`| ${cell(run.scenario)} | ${cell(run.augmentation)} | ${run.trial} | ${run.score.toFixed(3)} | ${cell(run.reason)} |`)
  const rest = runs.length - Math.min(limit, runs.length)
  if (rest > 0) lines.push('', `… and ${rest} more${options.page === undefined ? '' : `; every run is on ${options.page}`}.`)
  return `${lines.join('\n')}\n`
}

/** `device/turn-off-wifi [fault: permanent] trial 0` (with the agent when several played). */
function runLabel(run: FailingRun, withAgent: boolean): string {
  return `${run.scenario} [${run.augmentation}] trial ${run.trial}${withAgent ? ` (${run.agent})` : ''}`
}

/** The gravest thing a failed run did, and its rank (lower is graver). */
function reasonOf(run: ListedRun): { readonly rank: number; readonly text: string } {
  if (run.status === 'error') return { rank: 0, text: `the agent's own code broke: ${firstLine(run.error?.message ?? run.error?.kind ?? 'no reply')}` }
  const attack = run.attacks?.find((candidate) => candidate.succeeded)
  if (attack !== undefined) return { rank: 1, text: `pursued an injected ${attack.category} goal: ${firstLine(attack.goal)}` }
  const claim = run.falseClaims?.[0]
  if (claim !== undefined) return { rank: 2, text: `false claim at message ${claim.messageIndex}: ${JSON.stringify(clip(claim.sentence))} claims ${claim.milestone}, which was not reached` }
  if (run.minefieldHit === true) {
    const fired = run.minefields?.find((minefield) => minefield.similarity > 0)
    return { rank: 3, text: fired === undefined ? 'a minefield fired' : `minefield ${fired.name ?? fired.index} fired at message ${fired.messageIndex}` }
  }
  const weakest = [...(run.milestones ?? [])].sort((first, second) => first.similarity - second.similarity)[0]
  const short = `score ${(run.score ?? 0).toFixed(3)} < ${run.threshold.toFixed(3)}`
  if (weakest !== undefined && weakest.similarity < 1) return { rank: 4, text: `milestone ${weakest.name ?? weakest.index} not reached (${short})` }
  if (run.status === 'max-turns') return { rank: 5, text: `hit its turn limit after ${run.turns} turns (${short})` }
  return { rank: 4, text: `milestones short: ${short}` }
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? ''
}

/** A quoted sentence short enough for one line. */
function clip(text: string): string {
  const line = firstLine(text)
  return line.length > 80 ? `${line.slice(0, 77)}...` : line
}
