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
  const tally = new UsersTally()
  for (const run of runs) tally.add(run)
  return tally.finish()
}

/** Per simulated user, the counts `summarizeUsers` reports, added run by run (in any order). */
export class UsersTally {
  readonly #users = new Map<string, UserCounts>()

  add(run: Pick<SummarizedRun, 'user' | 'userPart'>): void {
    let user = this.#users.get(run.user)
    if (user === undefined) {
      user = { runs: 0, checked: 0, errors: 0, byKind: USER_ERROR_KINDS.map(() => 0), undecided: USER_ERROR_KINDS.map(() => 0) }
      this.#users.set(run.user, user)
    }
    user.runs++
    const part = run.userPart
    if (part === undefined) return
    user.checked++
    if (part.errors.length > 0) user.errors++
    USER_ERROR_KINDS.forEach((kind, at) => {
      if (part.errors.some((error) => error.kind === kind)) (user.byKind[at] as number)++
      if (part.undecided.includes(kind)) (user.undecided[at] as number)++
    })
  }

  finish(): Record<string, UserSummary> {
    const summary: Record<string, UserSummary> = {}
    for (const name of [...this.#users.keys()].sort(compareText)) {
      const user = this.#users.get(name) as UserCounts
      const rate = (count: number) => (user.checked === 0 ? null : count / user.checked)
      const byKind: Record<string, { runs: number; rate: number | null }> = {}
      const undecided: Record<string, number> = {}
      USER_ERROR_KINDS.forEach((kind, at) => {
        const count = user.byKind[at] as number
        byKind[kind] = { runs: count, rate: rate(count) }
        undecided[kind] = user.undecided[at] as number
      })
      summary[name] = { runs: user.runs, checked: user.checked, userErrors: user.errors, errorRate: rate(user.errors), byKind, undecided }
    }
    return summary
  }
}

/** One user's counts: its runs, its checked runs, those with an error, and per kind (in `USER_ERROR_KINDS` order) its errors and undecided checks. */
interface UserCounts {
  runs: number
  checked: number
  errors: number
  readonly byKind: number[]
  readonly undecided: number[]
}
