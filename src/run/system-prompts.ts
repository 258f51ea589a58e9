import type { Scenario } from '../scenario/index.ts'

/**
 * The instructions the run gives the simulated user: who they are (`persona`, from the domain,
 * the scenario or the run), their goal and the limits of what they know, and how to behave.
 */
export function userBriefing(scenario: Pick<Scenario, 'user'>, persona: string): string {
  return [
    persona,
    `Your goal: ${scenario.user.goal}`,
    ...(scenario.user.knowledge === '' ? [] : [`What you know: ${scenario.user.knowledge}`]),
    'Reply briefly and casually, and only with information given here; do not make anything up.',
    'When your goal is done, or the assistant has failed several times, end the conversation.',
  ].join('\n')
}
