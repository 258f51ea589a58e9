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
    .sort(compareFailing)
    .map(failingRun)
}

/**
 * The `limit` worst failing runs of runs that come one at a time, and how many failed: the head
 * of `failingRuns` over them all, kept without holding the rest (an evaluation of 100,000 runs
 * may fail 40,000, and the summary lists ten).
 */
export class WorstFailingRuns {
  readonly #limit: number
  // The worst so far, worst first; a run as bad as one kept comes after it, as a stable sort puts it.
  readonly #worst: { readonly run: ListedRun; readonly why: Reason }[] = []
  #count = 0

  constructor(limit: number = LISTED_FAILING_RUNS) {
    this.#limit = limit
  }

  add(run: ListedRun): void {
    if (run.verdict !== 'failed') return
    this.#count++
    const entry = { run, why: reasonOf(run) }
    const worst = this.#worst
    if (worst.length === this.#limit && compareFailing(entry, worst[worst.length - 1] as (typeof worst)[number]) >= 0) return
    let at = worst.length
    while (at > 0 && compareFailing(entry, worst[at - 1] as (typeof worst)[number]) < 0) at--
    worst.splice(at, 0, entry)
    if (worst.length > this.#limit) worst.pop()
  }

  /** The worst failing runs (at most `limit`) and how many runs failed in all. */
  finish(): { readonly runs: FailingRun[]; readonly count: number } {
    return { runs: this.#worst.map(failingRun), count: this.#count }
  }
}

/** The reason a failing run is listed for, and how grave it is. */
interface Reason {
  readonly rank: number
  readonly text: string
}

/** Worst first: by score, how grave the reason is, then by scenario, augmentation, trial and agent. */
function compareFailing(first: { readonly run: ListedRun; readonly why: Reason }, second: { readonly run: ListedRun; readonly why: Reason }): number {
  return (
    (first.run.score ?? 0) - (second.run.score ?? 0) ||
    first.why.rank - second.why.rank ||
    compareText(first.run.scenario, second.run.scenario) ||
    compareText(first.run.augmentation, second.run.augmentation) ||
    first.run.trial - second.run.trial ||
    compareText(first.run.agent, second.run.agent)
  )
}

function failingRun({ run, why }: { readonly run: ListedRun; readonly why: Reason }): FailingRun {
  return { scenario: run.scenario, augmentation: run.augmentation, trial: run.trial, agent: run.agent, score: run.score ?? 0, reason: why.text }
}

/** How a list of failing runs is written. */
export interface FailingRunsOptions {
  /** The HTML page with every run, named where the list is cut. */
  readonly page?: string
  /** How many are listed (`LISTED_FAILING_RUNS` by default). */
  readonly limit?: number
  /** How many runs failed, when `runs` are only the worst of them (`WorstFailingRuns`); `runs.length` by default. */
  readonly count?: number
}

/**
 * The failing runs as lines for a terminal: a heading, one line each (scenario, augmentation,
 * trial, reason), at most `limit` of them, then how many more and where the page with all of
 * them is. Empty when no run failed.
 */
export function formatFailingRuns(runs: readonly FailingRun[], options: FailingRunsOptions & { readonly agents?: number } = {}): string[] {
  const count = options.count ?? runs.length
  if (count === 0) return []
  const limit = options.limit ?? LISTED_FAILING_RUNS
  const shown = runs.slice(0, limit)
  const lines = [`failing runs, worst first (${count}):`]
  for (const run of shown) lines.push(`  ${runLabel(run, (options.agents ?? 1) > 1)}: ${run.reason}`)
  const rest = count - shown.length
  const page = options.page
  if (rest > 0) lines.push(`  ... and ${rest} more failing run${rest === 1 ? '' : 's'}${page === undefined ? '' : `; all of them, with their conversations, are on ${page}`}`)
  else if (page !== undefined) lines.push(`  their conversations are on ${page}`)
  return lines
}

/** The failing runs as a Markdown section (for `$GITHUB_STEP_SUMMARY`): the same list as the terminal's. */
export function failingRunsMarkdown(runs: readonly FailingRun[], options: FailingRunsOptions = {}): string {
  const count = options.count ?? runs.length
  if (count === 0) return ''
  const limit = options.limit ?? LISTED_FAILING_RUNS
  const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')
  const lines = [`### Failing runs, worst first (${count})`, '', '| scenario | augmentation | trial | score | reason |', '|---|---|---|---|---|']
  const shown = runs.slice(0, limit)
  for (const run of shown) lines.push(`| ${cell(run.scenario)} | ${cell(run.augmentation)} | ${run.trial} | ${run.score.toFixed(3)} | ${cell(run.reason)} |`)
  const rest = count - shown.length
  if (rest > 0) lines.push('', `… and ${rest} more${options.page === undefined ? '' : `; every run is on ${options.page}`}.`)
  return `${lines.join('\n')}\n`
}

/** `device/turn-off-wifi [fault: permanent] trial 0` (with the agent when several played). */
function runLabel(run: FailingRun, withAgent: boolean): string {
  return `${run.scenario} [${run.augmentation}] trial ${run.trial}${withAgent ? ` (${run.agent})` : ''}`
}

/** The gravest thing a failed run did, and its rank (lower is graver). */
function reasonOf(run: ListedRun): Reason {
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
