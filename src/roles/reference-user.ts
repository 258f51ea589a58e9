import type { Scenario } from '../scenario/index.ts'
import { scriptedUser } from './scripted-user.ts'
import type { User } from './types.ts'

/**
 * The scripted user of a scenario: `scriptedUser(scenario)`, which gives the replies of its
 * reference solution, keeping each reply's facts until the agent asks for them.
 *
 * @deprecated Use `scriptedUser(scenario)`: the offline user has one name, `scripted`, in code,
 * specs and reports.
 */
export function referenceUser(scenario: Pick<Scenario, 'reference'>): User {
  return scriptedUser(scenario)
}
