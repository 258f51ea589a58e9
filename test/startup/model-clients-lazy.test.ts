import { describe, expect, test } from 'vitest'
import { packagesLoadedBy } from './loaded-packages.ts'

const SDKS = ['@huggingface/inference', 'openai']

describe('the model client libraries load only when a model is called', () => {
  test('importing the package, its vitest entry and its reporter loads neither', async () => {
    const loaded = await packagesLoadedBy(`
      await import('./src/index.ts')
      await import('./src/vitest/index.ts')
      await import('./src/reporter/index.ts')
    `)
    expect(loaded).toContain('zod')
    expect(loaded.filter((name) => SDKS.includes(name))).toEqual([])
  })

  test('making model agents, users and embedders loads neither; the first call does', async () => {
    const loaded = await packagesLoadedBy(`
      const { openaiAgent, huggingFaceAgent, llmUser, agentFromSpec, userFromSpec } = await import('./src/index.ts')
      const { embedderFromSpec } = await import('./src/vitest/embedder-from-spec.ts')
      const env = { OPENAI_API_KEY: 'sk-test', HF_TOKEN: 'hf-test' }
      openaiAgent({ model: 'm', env })
      huggingFaceAgent({ model: 'm', env })
      llmUser({ model: 'm', env })
      agentFromSpec('openai:m', env)
      userFromSpec('hf:m', env)
      embedderFromSpec('openai:m', env)
      embedderFromSpec('hf:m', env)
    `)
    expect(loaded.filter((name) => SDKS.includes(name))).toEqual([])
    const called = await packagesLoadedBy(`
      const { openaiAgent } = await import('./src/index.ts')
      const agent = openaiAgent({ model: 'm', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', cache: false, limits: { retries: 0 } })
      await agent.respond({ messages: [], tools: [], systemPrompt: '' }, { trial: 0, seed: 1, scenario: undefined }).catch(() => undefined)
    `)
    expect(called).toContain('openai')
  })
})
