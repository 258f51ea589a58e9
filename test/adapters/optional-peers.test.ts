import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { loadOptionalPeer, MissingPeerError } from '../../src/adapters/optional-peer.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const blocker = fileURLToPath(new URL('./fixtures/block-frameworks.ts', import.meta.url))

/** Runs a module's source in a child Node process where no optional framework can be resolved. */
async function withoutFrameworks(source: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ['--import', blocker, '--input-type=module', '-e', source], { cwd: root })
}

describe('the optional frameworks are loaded only by the adapter that uses them', () => {
  test('importing vitest-toolcheck, its vitest entry and every adapter entry loads none of them', async () => {
    const { stdout, stderr } = await withoutFrameworks(`
      const entries = ['./src/index.ts', './src/vitest/index.ts', './src/adapters/ai-sdk/index.ts', './src/adapters/openai-agents/index.ts', './src/adapters/mcp/index.ts']
      for (const entry of entries) await import(entry)
      const root = await import('./src/index.ts')
      console.log(typeof root.runScenario, typeof root.turnAgent)
    `)
    expect(stderr).not.toMatch(/blocked/)
    expect(stdout.trim()).toBe('function function')
  })

  test('using an adapter whose framework is missing fails with an error that names the package to install', async () => {
    const { stdout, stderr } = await withoutFrameworks(`
      const { aiSdkAgent } = await import('./src/adapters/ai-sdk/index.ts')
      const { openaiAgentsAgent } = await import('./src/adapters/openai-agents/index.ts')
      const { serveTools } = await import('./src/adapters/mcp/index.ts')
      const turn = { messages: [], tools: [], systemPrompt: '', signal: new AbortController().signal, recordUsage() {} }
      const context = { scenario: {}, trial: 0, seed: 0 }
      const model = { specificationVersion: 'v4', provider: 'local', modelId: 'm' }
      const failures = await Promise.all([
        aiSdkAgent({ model, cache: false }).runTurn(turn, context),
        openaiAgentsAgent({ agent: { name: 'a' }, cache: false }).runTurn(turn, context),
        serveTools([]),
      ].map((pending) => pending.then(() => 'no error', (error) => error.name + ': ' + error.message)))
      console.log(JSON.stringify(failures))
    `)
    expect(stderr).toMatch(/blocked ai\b/)
    expect(JSON.parse(stdout)).toEqual([
      'MissingPeerError: vitest-toolcheck/ai-sdk needs the package `ai`, which is not installed; install it next to vitest-toolcheck: npm install --save-dev ai',
      'MissingPeerError: vitest-toolcheck/openai-agents needs the package `@openai/agents`, which is not installed; install it next to vitest-toolcheck: npm install --save-dev @openai/agents',
      'MissingPeerError: vitest-toolcheck/mcp needs the package `@modelcontextprotocol/sdk`, which is not installed; install it next to vitest-toolcheck: npm install --save-dev @modelcontextprotocol/sdk',
    ])
  })
})

describe('loadOptionalPeer', () => {
  test('a failure inside an installed package is not mistaken for a missing one, and a later try loads again', async () => {
    const broken = Object.assign(new Error("Cannot find package 'left-pad' imported from /x/node_modules/ai/dist/index.js"), { code: 'ERR_MODULE_NOT_FOUND' })
    await expect(loadOptionalPeer('ai-test-double', 'vitest-toolcheck/test', () => Promise.reject(broken))).rejects.toBe(broken)
    await expect(loadOptionalPeer('ai-test-double', 'vitest-toolcheck/test', () => Promise.resolve('loaded'))).resolves.toBe('loaded')
    const missing = Object.assign(new Error("Cannot find package 'other-double' imported from /x"), { code: 'ERR_MODULE_NOT_FOUND' })
    await expect(loadOptionalPeer('other-double', 'vitest-toolcheck/test', () => Promise.reject(missing))).rejects.toBeInstanceOf(MissingPeerError)
  })
})
