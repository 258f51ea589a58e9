import type { Scenario } from '../scenario/index.ts'

/** What the run tells the agent before the first user message, unless `systemPrompt` replaces it. */
export const DEFAULT_AGENT_SYSTEM_PROMPT =
  "You are an assistant that acts on the user's phone through the tools you are given. Never guess a value for a tool argument: when something the user asked for is unclear or missing, ask them."

/** The instructions the run gives the simulated user: its goal and the limits of what it knows. */
export function userBriefing(scenario: Pick<Scenario, 'user'>): string {
  return [
    'You are role-playing a person who is talking to a digital assistant on their phone.',
    `Your goal: ${scenario.user.goal}`,
    `What you know: ${scenario.user.knowledge}`,
    'Reply briefly and casually, and only with information given here; do not make anything up.',
    'You may allow the assistant to change phone settings if it asks. When your goal is done, or the assistant has failed several times, end the conversation.',
  ].join('\n')
}
