import type { AnyDomain } from '../domain/index.ts'
import { isDomain } from '../domain/index.ts'
import type { Scenario, ScenarioInput } from './scenario.ts'
import { parseScenario } from './scenario.ts'
import { checkScenarioDomain, withDomain } from './scenario-domain.ts'
import type { DomainScenarioInput } from './typed-input.ts'

/**
 * Declares a scenario: validates it, fills in defaults and, when its `domain` is a domain object
 * (`defineDomain`), checks it against that domain at once. Written for a domain object, the input
 * is typed by the domain: world tables and rows, allowed and denied tools, milestone and minefield
 * tables and tools, and reference calls must be the domain's, or TypeScript says so where they are
 * written, naming the misspelt name (and the domain's target rows are checked against their
 * tables' columns when the scenario is defined). With a domain name (or none: the built-in
 * `device`), the domain checks run when the scenario is played or loaded with its domain.
 *
 * @throws ScenarioError listing every problem with its path (`source` names the scenario in the
 * message: a file name, say; its id by default).
 *
 * @example
 * export const transfer = defineScenario({
 *   domain: bank,
 *   id: 'transfer-after-unlock',
 *   categories: ['STATE_DEPENDENCY', 'bank'],
 *   user: { goal: 'Send 50 to acc-2.', knowledge: 'Your PIN is 4321.' },
 *   firstMessage: 'Send 50 from my account to acc-2.',
 *   tools: { allow: ['unlock_account', 'transfer_funds'] },
 *   milestones: [toolCalled('transfer_funds', { amount: 50 })],
 *   reference: solution(bank, (s) => { ... }),
 * })
 */
export function defineScenario<const D = string, const Outside extends string = never>(input: DomainScenarioInput<D, Outside>, source?: string): Scenario {
  const domain = (input as { readonly domain?: unknown }).domain
  if (!isDomain(domain)) return parseScenario(input as unknown as ScenarioInput, source)
  const scenario = parseScenario({ ...(input as object), domain: domain.name } as ScenarioInput, source)
  checkScenarioDomain(scenario, domain, source)
  return withDomain(scenario, domain)
}
