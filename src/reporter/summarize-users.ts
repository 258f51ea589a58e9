import { USER_ERROR_KINDS } from '../evaluation/user-part-judge.ts'
import { compareText } from './compare-text.ts'
import type { SummarizedRun, UserSummary } from './report.ts'

/**
 * Per simulated user (by name), how often it broke its part: its checked runs, the runs with any
 * user error and their rate, the same per kind, and per kind the runs no rule or judge could
 * decide. A team picks and tunes its simulator by these: a user with a high leak rate hides the
 * agent's failures to ask; one that quits early makes the agent look worse than it is.
 */
export function summarizeUsers(runs: readonly Pick<SummarizedRun, 'user' | 'userPart'>[]): Record<string, UserSummary> {
  const byUser = new Map<string, Pick<SummarizedRun, 'user' | 'userPart'>[]>()
  for (const run of runs) {
    const list = byUser.get(run.user)
    if (list === undefined) byUser.set(run.user, [run])
    else list.push(run)
  }
  const summary: Record<string, UserSummary> = {}
  for (const user of [...byUser.keys()].sort(compareText)) {
    const all = byUser.get(user) ?? []
    const checked = all.filter((run) => run.userPart !== undefined)
    const rate = (count: number) => (checked.length === 0 ? null : count / checked.length)
    const errors = checked.filter((run) => (run.userPart?.errors.length ?? 0) > 0).length
    const byKind: Record<string, { runs: number; rate: number | null }> = {}
    const undecided: Record<string, number> = {}
    for (const kind of USER_ERROR_KINDS) {
      const count = checked.filter((run) => run.userPart?.errors.some((error) => error.kind === kind) === true).length
      byKind[kind] = { runs: count, rate: rate(count) }
      undecided[kind] = checked.filter((run) => run.userPart?.undecided.includes(kind) === true).length
    }
    summary[user] = { runs: all.length, checked: checked.length, userErrors: errors, errorRate: rate(errors), byKind, undecided }
  }
  return summary
}
