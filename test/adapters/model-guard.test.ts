import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { expect, test } from 'vitest'
import { aiSdkAgent } from '../../src/adapters/ai-sdk/index.ts'
import { modelGuard } from '../../src/adapters/model-guard.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import { BUILT_IN_PRICES } from '../../src/roles/endpoint/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { forecastScenario } from './recording-scenario.ts'
import { FAKE_KEY } from './scripted-server.ts'

test('an adapter prices its calls as the built-in agents do: the built-in table under your prices, off with false or TOOLCHECK_PRICES=off', () => {
  expect(modelGuard({ env: {} }).settings.prices).toEqual(BUILT_IN_PRICES)
  const own = { 'my-model': { inputPerMillion: 1, outputPerMillion: 2 } }
  expect(modelGuard({ prices: own, env: {} }).settings.prices).toEqual({ ...BUILT_IN_PRICES, ...own })
  expect(modelGuard({ prices: false, env: {} }).settings.prices).toBeUndefined()
  expect(modelGuard({ env: { TOOLCHECK_PRICES: 'off' } }).settings.prices).toBeUndefined()
  expect(modelGuard({ prices: own, env: { TOOLCHECK_PRICES: 'off' } }).settings.prices).toEqual(own)
})

test('an AI SDK run of a dated OpenAI model shows its cost from the built-in table without setup', async () => {
  const server = await startMockServer({ respond: () => ({ content: 'Wi-Fi is on, and it will be sunny.' }) })
  try {
    const provider = createOpenAICompatible({ name: 'local', baseURL: server.baseURL, apiKey: FAKE_KEY })
    const trajectory = await runScenario(forecastScenario, { agent: aiSdkAgent({ model: provider('gpt-4o-mini-2024-07-18'), cache: false, env: {} }) })
    const { promptTokens, completionTokens, costUsd } = trajectory.usage
    expect(promptTokens).toBeGreaterThan(0)
    // gpt-4o-mini: $0.15 per million prompt tokens, $0.60 per million completion tokens.
    expect(costUsd).toBeCloseTo((promptTokens * 0.15 + completionTokens * 0.6) / 1e6, 12)
    const free = await runScenario(forecastScenario, { agent: aiSdkAgent({ model: provider('gpt-4o-mini'), cache: false, prices: false, env: {} }) })
    expect(free.usage.costUsd).toBeUndefined()
  } finally {
    await server.close()
  }
})
