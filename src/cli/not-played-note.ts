/**
 * The runs an evaluation did not play and why, each reason once with its count: a variant with no
 * place in a scenario, a scenario with a caveat, a scenario the reference agent has no solution to
 * play (see `notPlayedBecause`). Reasons are sorted, so the note reads the same whatever order the
 * workers finished in; the first five are named, the rest counted. Empty when every run played.
 * `toolcheck eval` prints it after the summary, `toolcheck plan` in its plan.
 */
export function notPlayedNote(reasons: readonly string[]): string {
  if (reasons.length === 0) return ''
  const counts = new Map<string, number>()
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1)
  const shown = [...counts]
    .sort(([first], [second]) => (first < second ? -1 : first > second ? 1 : 0))
    .slice(0, 5)
    .map(([reason, count]) => `  ${reason}${count === 1 ? '' : ` (${count} runs)`}`)
  const rest = counts.size - shown.length
  return [`${reasons.length} run${reasons.length === 1 ? '' : 's'} not played:`, ...shown, ...(rest > 0 ? [`  and ${rest} more reason${rest === 1 ? '' : 's'}`] : [])].join('\n')
}
