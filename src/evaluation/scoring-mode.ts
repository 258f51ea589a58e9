/**
 * How `evaluate` scores a trajectory.
 *
 * - `toolcheck` (the default): each answer to one of several parallel calls shows the world right
 *   after its own call; a message or tool-call constraint scores the similarity of what it
 *   compares (a ROUGE-L of 0.6 scores 0.6); among equally good placements of milestones the
 *   earliest messages are chosen.
 * - `toolsandbox`: ToolSandbox's own numbers and mappings. The answers to a batch of parallel
 *   calls all show the world after the whole batch (ToolSandbox files every write of a batch
 *   under the batch's first answer); a constraint on a message is a row of ToolSandbox's
 *   conversation table, scored by the geometric mean of its three columns (sender, recipient and
 *   the compared content: r with matching roles gives r^(1/3), so a ROUGE-L of 0.6 scores 0.843);
 *   and among equally good placements the one ToolSandbox's depth-first search finds first is
 *   chosen (placements non-decreasing along a topological order, best similarity first, then the
 *   lower milestone, then the earlier message).
 *
 * Scores of the two modes differ only where a trajectory makes parallel calls or a message or
 * call is matched partially; the best total is the same search either way.
 */
export type ScoringMode = 'toolcheck' | 'toolsandbox'

/** Every scoring mode, the default first. */
export const SCORING_MODES: readonly ScoringMode[] = ['toolcheck', 'toolsandbox']

/** Whether a value names a scoring mode. */
export function isScoringMode(value: unknown): value is ScoringMode {
  return value === 'toolcheck' || value === 'toolsandbox'
}

/**
 * The similarity of a conversation-table row whose sender and recipient match and whose compared
 * column (content or tool trace) scores `column`: ToolSandbox's geometric mean of the three
 * column similarities, column^(1/3).
 */
export function conversationRowSimilarity(column: number): number {
  return column <= 0 ? 0 : column ** (1 / 3)
}
