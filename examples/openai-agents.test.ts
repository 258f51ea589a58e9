import { Agent, OpenAIProvider } from '@openai/agents'
import OpenAI from 'openai'
import { openaiAgentsAgent } from 'vitest-toolcheck/openai-agents'
import { scriptedModel, startMockServer } from 'vitest-toolcheck/mock-server'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'
import { wifiBehindLowBattery } from './wifi-scenario.ts'

// An agent built with the OpenAI Agents SDK. Its model here is the local OpenAI-compatible server
// playing the scenario's reference solution, reached through the SDK's OpenAI client with a base
// URL over Chat Completions; drop `runConfig` to use OpenAI itself (OPENAI_API_KEY).
const server = await startMockServer({ respond: scriptedModel([wifiBehindLowBattery]) })
afterAll(() => server.close())
const modelProvider = new OpenAIProvider({ openAIClient: new OpenAI({ baseURL: server.baseURL, apiKey: 'not-needed-locally' }), useResponses: false })

test('an Agents SDK agent, built with the world’s tools', async (context) => {
  const agent = openaiAgentsAgent({
    name: 'phone-assistant',
    agent: ({ tools }) => new Agent({ name: 'phone', instructions: 'You operate the user’s phone.', model: wifiBehindLowBattery.id, tools }),
    runConfig: { modelProvider },
    cache: false,
  })
  const run = await playScenario(wifiBehindLowBattery, { agent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
  context.expect(run.trajectory).toFinishWithin(10)
})
