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

  test('making an adapter whose framework is missing throws at once, before any run, with the command that installs it', async () => {
    const { stdout, stderr } = await withoutFrameworks(`
      const { aiSdkAgent } = await import('./src/adapters/ai-sdk/index.ts')
      const { openaiAgentsAgent } = await import('./src/adapters/openai-agents/index.ts')
      const { mcpAgent, serveTools, connectMcpTools } = await import('./src/adapters/mcp/index.ts')
      const model = { specificationVersion: 'v4', provider: 'local', modelId: 'm' }
      const made = (make) => { try { make(); return 'no error' } catch (error) { return error.name + ': ' + error.message } }
      const failures = [
        made(() => aiSdkAgent({ model, cache: false })),
        made(() => openaiAgentsAgent({ agent: { name: 'a' }, cache: false })),
        made(() => mcpAgent({ name: 'external', runTurn: async () => '' })),
        await serveTools([]).then(() => 'no error', (error) => error.name + ': ' + error.message),
        await connectMcpTools({ url: 'http://127.0.0.1:1/mcp' }).then(() => 'no error', (error) => error.name + ': ' + error.message),
      ]
      console.log(JSON.stringify(failures))
    `)
    expect(stderr).toMatch(/blocked ai\b/)
    const install = (entry: string, name: string) => `MissingPeerError: vitest-toolcheck/${entry} needs the package \`${name}\`, which is not installed; install it next to vitest-toolcheck: npm install --save-dev ${name}`
    expect(JSON.parse(stdout)).toEqual([
      install('ai-sdk', 'ai'),
      install('openai-agents', '@openai/agents'),
      install('mcp', '@modelcontextprotocol/sdk'),
      install('mcp', '@modelcontextprotocol/sdk'),
      install('mcp', '@modelcontextprotocol/sdk'),
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
