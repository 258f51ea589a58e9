import { Agent } from '@openai/agents'
import OpenAI from 'openai'
import { openaiAgentsAgent } from 'vitest-toolcheck/openai-agents'
import { scriptedModel, startMockServer } from 'vitest-toolcheck/mock-server'
import { builtInScenarios } from 'vitest-toolcheck/scenarios'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'

// A built-in scenario: the user wants Wi-Fi, and low battery mode (which blocks it) is on.
const wifi = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })[0]!

// An agent built with the OpenAI Agents SDK. Its model here is the local OpenAI-compatible server
// playing the scenario's reference solution, reached through an openai client with a base URL
// over Chat Completions; drop `client` and `api` to use OpenAI itself (OPENAI_API_KEY).
const server = await startMockServer({ respond: scriptedModel([wifi]) })
afterAll(() => server.close())

test('an Agents SDK agent, built with the world’s tools', async (context) => {
  const agent = openaiAgentsAgent({
    name: 'phone-assistant',
    agent: ({ tools }) => new Agent({ name: 'phone', instructions: 'You operate the user’s phone.', model: wifi.id, tools }),
    client: new OpenAI({ baseURL: server.baseURL, apiKey: 'not-needed-locally' }),
    api: 'chat-completions',
    cache: false,
  })
  const run = await playScenario(wifi, { agent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
  context.expect(run.trajectory).toFinishWithin(10)
})
