import type { Scenario } from '../scenario/index.ts'
import { scriptedUser } from './scripted-user.ts'
import type { UserScriptLine } from './scripted-user.ts'
import type { User } from './types.ts'

/**
 * A scripted user that gives the replies of the scenario's reference solution, in order, and
 * ends where the reference ends (`{ user: 'end' }`). The default user of `runScenario`.
 */
export function referenceUser(scenario: Pick<Scenario, 'reference'>): User {
  const script: UserScriptLine[] = []
  for (const step of scenario.reference) {
    if (!('user' in step)) continue
    if (step.user === 'end') {
      script.push({ end: true })
      break
    }
    script.push(step.content)
  }
  return { ...scriptedUser(script), name: 'reference' }
}
