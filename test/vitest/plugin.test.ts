import { describe, expect, test } from 'vitest'
import { toolcheck } from '../../src/vitest/plugin.ts'
import { resolveToolcheckOptions } from '../../src/vitest/plugin-options.ts'

type Hook = (...args: unknown[]) => unknown

function hooks(plugin: ReturnType<typeof toolcheck>) {
  return { config: plugin.config as unknown as Hook, configureVitest: plugin.configureVitest as unknown as Hook }
}

describe('toolcheck()', () => {
  test('adds the setup file, provides the options and turns trials into repeats', () => {
    const config = hooks(toolcheck({ trials: 3, agent: 'reference' })).config() as { test: Record<string, unknown> }
    expect(config.test.setupFiles).toEqual([expect.stringMatching(/src\/vitest\/setup\.ts$/)])
    expect(config.test.repeats).toBe(2)
    expect(config.test.provide).toEqual({ toolcheck: expect.objectContaining({ agent: 'reference', trials: 3, embedder: 'offline', judge: 'built-in' }) })
    expect((hooks(toolcheck()).config() as { test: Record<string, unknown> }).test.repeats).toBeUndefined()
  })

  test("keeps the user's reporters and adds its own once", async () => {
    const reporters: unknown[] = [['default', {}], ['junit', {}]]
    const context = { vitest: { version: '5.1.1', config: { reporters, root: process.cwd() } }, project: { config: { retry: 0 } } }
    const plugin = hooks(toolcheck({ reportDir: 'out' }))
    await plugin.configureVitest(context)
    await plugin.configureVitest(context)
    expect(reporters).toEqual([
      ['default', {}],
      ['junit', {}],
      [expect.stringMatching(/src\/gates\/gates-reporter\.ts$/), { outputDir: 'out', html: true, summary: true, agent: expect.any(String), user: expect.any(String), scoring: 'toolcheck' }],
    ])
  })

  test('hands the workers its limits and a breaker directory of their own as environment variables', () => {
    const config = hooks(toolcheck({ limits: { retries: 2, timeoutMs: 5_000, breakerFailures: 0, maxReplyBytes: 65_536, maxReplyDepth: 16 } })).config() as { test: { env: Record<string, string> } }
    expect(config.test.env).toEqual({
      TOOLCHECK_RETRIES: '2',
      TOOLCHECK_TIMEOUT_MS: '5000',
      TOOLCHECK_BREAKER_FAILURES: '0',
      TOOLCHECK_MAX_REPLY_BYTES: '65536',
      TOOLCHECK_MAX_REPLY_DEPTH: '16',
      TOOLCHECK_BREAKER_DIR: expect.stringContaining('toolcheck-breakers-'),
    })
    const other = hooks(toolcheck()).config() as { test: { env: Record<string, string> } }
    expect(other.test.env.TOOLCHECK_BREAKER_DIR).not.toBe(config.test.env.TOOLCHECK_BREAKER_DIR)
    expect(() => toolcheck({ limits: { timeoutMs: 0 } })).toThrow(/limits\.timeoutMs: /)
    expect(() => toolcheck({ limits: { maxReplyDepth: 5_000 } })).toThrow(/limits\.maxReplyDepth: /)
  })

  test('hands its gates to the reporter and checks them up front', async () => {
    const reporters: unknown[] = []
    const gates = { minPassRate: 0.9, categories: { STATE_DEPENDENCY: { minScore: 0.8 } } }
    await hooks(toolcheck({ gates })).configureVitest({ vitest: { config: { reporters, root: process.cwd() } }, project: { config: { retry: 0 } } })
    expect(reporters).toEqual([[expect.any(String), expect.objectContaining({ gates })]])
    // A baseline that is not there, or a misspelt category, stops the run before any test plays.
    const context = { vitest: { config: { reporters: [], root: process.cwd() } }, project: { config: { retry: 0 } } }
    await expect(hooks(toolcheck({ gates: { baseline: 'no-such-baseline/report.json' } })).configureVitest(context)).rejects.toThrow(
      /^toolcheck\(\{ gates \}\): the baseline cannot be read: .*no-such-baseline\/report\.json: no such file or directory$/,
    )
    await expect(hooks(toolcheck({ gates: { categories: { STATE_DEPENDANCY: { minScore: 0.5 } } } })).configureVitest(context)).rejects.toThrow('looks like a misspelling of STATE_DEPENDENCY')
    expect(() => toolcheck({ gates: { minScore: 1.5 } })).toThrow(/gates\.minScore: /)
    expect(() => toolcheck({ gates: { baseline: 'x', correction: 'bonferroni' } as never })).toThrow(/gates\.correction: /)
  })

  test('refuses trials combined with retries', async () => {
    const context = { vitest: { version: '5.1.1', config: { reporters: [], root: process.cwd() } }, project: { config: { retry: 2 } } }
    await expect(hooks(toolcheck({ trials: 4 })).configureVitest(context)).rejects.toThrow('toolcheck({ trials: 4 }) runs each test 4 times to measure pass^k, and the config also sets retry: 2')
    await expect(hooks(toolcheck({ trials: 1 })).configureVitest(context)).resolves.toBeUndefined()
  })

  test('on vitest 4, which has no project-wide repeats, refuses trials and otherwise works', async () => {
    const context = { vitest: { version: '4.1.12', config: { reporters: [], root: process.cwd() } }, project: { config: { retry: 0 } } }
    await expect(hooks(toolcheck({ trials: 3 })).configureVitest(context)).rejects.toThrow('toolcheck({ trials: 3 }) needs vitest 5, which repeats every test of a project; this is vitest 4.1.12')
    await expect(hooks(toolcheck()).configureVitest(context)).resolves.toBeUndefined()
    expect(context.vitest.config.reporters).toHaveLength(1)
  })
})

describe('resolveToolcheckOptions', () => {
  test('falls back to TOOLCHECK_AGENT / TOOLCHECK_USER, then to reference / scripted', () => {
    expect(resolveToolcheckOptions({}, {})).toMatchObject({ agent: 'reference', user: 'scripted', trials: 1, reportDir: 'toolcheck-report', concurrency: { default: 4 }, scoring: 'toolcheck' })
    expect(resolveToolcheckOptions({ scoring: 'toolsandbox' }, {}).scoring).toBe('toolsandbox')
    expect(() => resolveToolcheckOptions({ scoring: 'apple' }, {})).toThrow(/scoring/)
    const keys = { OPENAI_API_KEY: 'sk-test', HF_TOKEN: 'hf-test' }
    expect(resolveToolcheckOptions({}, { TOOLCHECK_AGENT: 'openai:gpt-4o', TOOLCHECK_USER: 'hf:llama', ...keys })).toMatchObject({ agent: 'openai:gpt-4o', user: 'hf:llama' })
    expect(resolveToolcheckOptions({ agent: 'reference' }, { TOOLCHECK_AGENT: 'openai:gpt-4o' }).agent).toBe('reference')
    expect(resolveToolcheckOptions({ concurrency: { 'openai:gpt-4o': 2 } }, {}).concurrency).toEqual({ default: 4, 'openai:gpt-4o': 2 })
  })

  test('checks the agent, user and embedder specs once, before any test runs', () => {
    expect(() => resolveToolcheckOptions({ agent: 'opneai:gpt-4o' }, {})).toThrow(
      'toolcheck({ agent: ... }) is "opneai:gpt-4o", which is not an agent toolcheck knows; use reference, openai:<model> or hf:<model> (did you mean "openai:gpt-4o"?)',
    )
    expect(() => resolveToolcheckOptions({}, { TOOLCHECK_AGENT: 'gpt-4o' })).toThrow('TOOLCHECK_AGENT is "gpt-4o", which is not an agent toolcheck knows; use reference, openai:<model> or hf:<model> (did you mean "openai:gpt-4o"?)')
    expect(() => resolveToolcheckOptions({ user: 'scripte' }, {})).toThrow('(did you mean "scripted"?)')
    expect(() => resolveToolcheckOptions({ embedder: 'hf' }, {})).toThrow('toolcheck({ embedder: ... }) is "hf", which is not an embedder toolcheck knows; use offline, openai:<model> or hf:<model>')
    // A hosted model without its key fails here, not after every test's retries.
    expect(() => resolveToolcheckOptions({}, { TOOLCHECK_AGENT: 'openai:gpt-4o' })).toThrow(
      'TOOLCHECK_AGENT is "openai:gpt-4o", which calls the OpenAI API at api.openai.com, but OPENAI_API_KEY is not set: set it, or point OPENAI_BASE_URL at a local OpenAI-compatible server',
    )
    expect(() => resolveToolcheckOptions({ user: 'hf:meta-llama/Llama-3.1-8B-Instruct' }, {})).toThrow('which calls Hugging Face inference providers, but HF_TOKEN is not set')
    // Local servers need no key.
    expect(resolveToolcheckOptions({ agent: 'openai:qwen2.5' }, { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).agent).toBe('openai:qwen2.5')
    expect(resolveToolcheckOptions({ user: 'hf:llama' }, { HF_ENDPOINT_URL: 'http://127.0.0.1:8080' }).user).toBe('hf:llama')
  })

  test('checks the judge: a model spec like an agent spec, a module by its path', () => {
    expect(resolveToolcheckOptions({}, {}).judge).toBe('built-in')
    expect(resolveToolcheckOptions({ judge: 'openai:judge' }, { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).judge).toBe('openai:judge')
    expect(() => resolveToolcheckOptions({ judge: 'gpt-4o-mini' }, {})).toThrow('is "gpt-4o-mini", which is not a judge toolcheck knows; use built-in, openai:<model> or hf:<model>')
    expect(() => resolveToolcheckOptions({ judge: 'openai:gpt-4o-mini' }, {})).toThrow('OPENAI_API_KEY is not set')
    expect(() => resolveToolcheckOptions({ judge: './no-such-judge.ts' }, {})).toThrow(/toolcheck\(\{ judge \}\) names the module .*no-such-judge\.ts, which does not exist/)
  })

  test('names every wrong option and lists the known ones', () => {
    expect(() => resolveToolcheckOptions({ trials: 0, agents: 'x' }, {})).toThrow(/trials: .*\n.*Unrecognized key: "agents"[\s\S]*known options: agent, user, reportDir, trials, concurrency, embedder, judge, html, summary, limits/)
  })
})
