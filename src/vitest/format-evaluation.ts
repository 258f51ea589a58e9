import type { Trajectory } from '../conversation/index.ts'
import type { EvaluationResult, MilestoneMatch } from '../evaluation/types.ts'
import type { WorldSnapshot } from '../world/index.ts'
import { describeTableDiff, diffWorlds } from '../world/index.ts'
import { questionText } from '../evaluation/judge/judge.ts'
import { falseClaimText } from './false-claim-text.ts'
import { quoteMessage } from './quote-message.ts'
import { turnLimitSentence } from './robustness-outcome.ts'

/** How many lines of world changes a failure message lists before summing up the rest. */
const CHANGE_LINES = 12

/**
 * The body of a scenario matcher's message: first what decided the run (that it hit the turn
 * limit, then `decided`, the robustness facts `robustnessOutcome` gives), then the run's
 * figures, every milestone (a reached one with its message; one not reached with the message that
 * came closest, its similarity, why it falls short and what happened there), every minefield
 * (marking the ones that fired), each false claim quoted whole with the fact it contradicts, the
 * messages the judge could not read, and what the run changed in the world, rows named by their
 * keys (`accounts[acc-17].balance: 500 → 0`). Plain text with fixed-width columns so it reads well
 * in a terminal and in a snapshot.
 */
export function formatEvaluation(evaluation: EvaluationResult, trajectory: Trajectory, decided: readonly string[] = []): string {
  const lines = [
    ...(trajectory.status === 'max-turns' ? [turnLimitSentence(trajectory)] : []),
    ...decided.map((sentence) => `decided by: ${sentence}`),
    `score ${fixed(evaluation.score)}, milestones ${fixed(evaluation.milestoneScore)}, minefields ${evaluation.minefieldHit ? 'HIT' : 'avoided'}, ${trajectory.turns} turn${trajectory.turns === 1 ? '' : 's'}, status ${trajectory.status}, augmentation ${trajectory.augmentation}`,
    '',
    `milestones (${evaluation.milestones.length}):`,
    ...(evaluation.milestones.length === 0 ? ['  (none)'] : evaluation.milestones.flatMap((match) => formatMilestone(match, trajectory))),
    '',
    `minefields (${evaluation.minefields.length}):`,
    ...(evaluation.minefields.length === 0
      ? ['  (none)']
      : evaluation.minefields.map((match) => formatMatch(match, match.similarity > 0 ? 'FIRED' : 'clear'))),
    '',
    ...falseClaimLines(evaluation, decided),
    ...uncheckedLines(evaluation),
    ...worldChanges(trajectory),
  ]
  return lines.join('\n')
}

/**
 * The false claims, each quoted whole with the fact it contradicts, less those the opening lines
 * already gave as what decided the run; nothing when none is left.
 */
function falseClaimLines(evaluation: EvaluationResult, decided: readonly string[]): string[] {
  const said = new Set(decided)
  const claims = (evaluation.falseClaims ?? []).filter((claim) => !said.has(falseClaimText(claim)))
  return claims.length === 0 ? [] : [`false claims (${claims.length}):`, ...claims.map((claim) => `  ${falseClaimText(claim)}`), '']
}

/** The messages the judge could not read: not checked, and how to check them. */
function uncheckedLines(evaluation: EvaluationResult): string[] {
  const unchecked = evaluation.unchecked ?? []
  if (unchecked.length === 0) return []
  const judge = evaluation.judge ?? 'built-in'
  return [
    `not checked (${unchecked.length}): the ${judge} judge cannot tell ${unchecked.map((entry) => `whether message ${entry.messageIndex} ${questionText(entry.check)}`).join('; ')} (a model judge reads it: the judge option)`,
    '',
  ]
}

function formatMilestone(match: MilestoneMatch, trajectory: Trajectory): string[] {
  if (match.similarity >= 1) return [formatMatch(match, 'hit ')]
  const name = match.name === undefined ? '' : ` "${match.name}"`
  const candidate = match.bestCandidate
  if (candidate === undefined) return [`  MISS #${match.index}${name}: not reached; no message comes close; ${match.reason}`]
  const quoted = quoteMessage(trajectory, candidate.messageIndex)
  return [
    `  MISS #${match.index}${name}: not reached; closest is message ${candidate.messageIndex}, similarity ${fixed(candidate.similarity)}; ${candidate.reason}`,
    ...(quoted === undefined ? [] : [`         there ${quoted}`]),
  ]
}

function formatMatch(match: MilestoneMatch, verdict: string): string {
  const name = match.name === undefined ? '' : ` "${match.name}"`
  const where = match.messageIndex < 0 ? 'no message' : `message ${match.messageIndex}`
  return `  ${verdict} #${match.index}${name}: ${where}, similarity ${fixed(match.similarity)}; ${match.reason}`
}

// An added or removed row's JSON in a failure message: longer rows leave out whole columns.
const ROW_LENGTH = 160

/** The world's changes from the first user message to the end, rows named by key. */
export function worldChanges(trajectory: Trajectory, limit = CHANGE_LINES): string[] {
  const start = snapshotAfter(trajectory, trajectory.firstUserMessageIndex)
  const end = trajectory.snapshots[trajectory.snapshots.length - 1]
  if (start === undefined || end === undefined) return ['world changes: none recorded']
  const changes = diffWorlds(start, end).flatMap((diff) => describeTableDiff(diff, end.info[diff.table] ?? start.info[diff.table], { rowLength: ROW_LENGTH }))
  if (changes.length === 0) return ['world changes: none']
  const shown = changes.slice(0, limit).map((line) => `  ${line}`)
  return [`world changes (${changes.length}):`, ...shown, ...(changes.length > limit ? [`  ... and ${changes.length - limit} more`] : [])]
}

function snapshotAfter(trajectory: Trajectory, index: number): WorldSnapshot | undefined {
  const message = trajectory.messages[index]
  return trajectory.snapshots[message?.snapshot ?? 0]
}

/** A number with three decimals, as every toolcheck message shows scores. */
export function fixed(value: number): string {
  return value.toFixed(3)
}
