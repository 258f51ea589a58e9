import type { Trajectory } from '../conversation/index.ts'
import type { EvaluationResult, MilestoneMatch } from '../evaluation/types.ts'

/**
 * The body of a scenario matcher's message: the run's figures, every milestone with the message
 * it matched, its similarity and the reason, and every minefield (marking the ones that fired).
 * Plain text with fixed-width columns so it reads well in a terminal and in a snapshot.
 */
export function formatEvaluation(evaluation: EvaluationResult, trajectory: Trajectory): string {
  const lines = [
    `score ${fixed(evaluation.score)}, milestones ${fixed(evaluation.milestoneScore)}, minefields ${evaluation.minefieldHit ? 'HIT' : 'avoided'}, ${trajectory.turns} turn${trajectory.turns === 1 ? '' : 's'}, status ${trajectory.status}, augmentation ${trajectory.augmentation}`,
    '',
    `milestones (${evaluation.milestones.length}):`,
    ...(evaluation.milestones.length === 0 ? ['  (none)'] : evaluation.milestones.map((match) => formatMatch(match, match.similarity >= 1 ? 'hit ' : 'MISS'))),
    '',
    `minefields (${evaluation.minefields.length}):`,
    ...(evaluation.minefields.length === 0
      ? ['  (none)']
      : evaluation.minefields.map((match) => formatMatch(match, match.similarity > 0 ? 'FIRED' : 'clear'))),
  ]
  return lines.join('\n')
}

function formatMatch(match: MilestoneMatch, verdict: string): string {
  const name = match.name === undefined ? '' : ` "${match.name}"`
  const where = match.messageIndex < 0 ? 'no message' : `message ${match.messageIndex}`
  return `  ${verdict} #${match.index}${name}: ${where}, similarity ${fixed(match.similarity)}; ${match.reason}`
}

/** A number with three decimals, as every toolcheck message shows scores. */
export function fixed(value: number): string {
  return value.toFixed(3)
}
