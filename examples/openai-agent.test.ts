import { openaiAgent } from 'vitest-toolcheck'
import { startMockServer, scriptedModel } from 'vitest-toolcheck/mock-server'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'
import { wifiBehindLowBattery } from './wifi-scenario.ts'

// The agent here is a model behind an OpenAI-compatible HTTP endpoint. To test a real model, drop
// the local server and give the real baseURL (vLLM, Ollama, llama.cpp) or none (OpenAI itself,
// with OPENAI_API_KEY). The local server plays the scenario's reference solution as a model would.
const server = await startMockServer({ respond: scriptedModel([wifiBehindLowBattery]) })
afterAll(() => server.close())

test('a chat-completions model behind an HTTP endpoint', async (context) => {
  const agent = openaiAgent({ model: wifiBehindLowBattery.id, baseURL: server.baseURL, apiKey: 'not-needed-locally', cache: false })
  const run = await playScenario(wifiBehindLowBattery, { agent, context })
  await context.expect(run).toHitMilestones()
})
