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
    expect(config.test.provide).toEqual({ toolcheck: expect.objectContaining({ agent: 'reference', trials: 3, embedder: 'offline' }) })
    expect((hooks(toolcheck()).config() as { test: Record<string, unknown> }).test.repeats).toBeUndefined()
  })

  test("keeps the user's reporters and adds its own once", () => {
    const reporters: unknown[] = [['default', {}], ['junit', {}]]
    const context = { vitest: { config: { reporters } }, project: { config: { retry: 0 } } }
    const plugin = hooks(toolcheck({ reportDir: 'out' }))
    plugin.configureVitest(context)
    plugin.configureVitest(context)
    expect(reporters).toEqual([['default', {}], ['junit', {}], [expect.stringMatching(/src\/reporter\/toolcheck-reporter\.ts$/), { outputDir: 'out', html: true, summary: true, agent: expect.any(String) }]])
  })

  test('hands the workers its limits and a breaker directory of their own as environment variables', () => {
    const config = hooks(toolcheck({ limits: { retries: 2, timeoutMs: 5_000, breakerFailures: 0 } })).config() as { test: { env: Record<string, string> } }
    expect(config.test.env).toEqual({
      TOOLCHECK_RETRIES: '2',
      TOOLCHECK_TIMEOUT_MS: '5000',
      TOOLCHECK_BREAKER_FAILURES: '0',
      TOOLCHECK_BREAKER_DIR: expect.stringContaining('toolcheck-breakers-'),
    })
    const other = hooks(toolcheck()).config() as { test: { env: Record<string, string> } }
    expect(other.test.env.TOOLCHECK_BREAKER_DIR).not.toBe(config.test.env.TOOLCHECK_BREAKER_DIR)
    expect(() => toolcheck({ limits: { timeoutMs: 0 } })).toThrow(/limits\.timeoutMs: /)
  })

  test('hands its gates to the reporter and checks them up front', () => {
    const reporters: unknown[] = []
    const gates = { minPassRate: 0.9, categories: { STATE_DEPENDENCY: { minScore: 0.8 } }, baseline: 'baseline/report.json' }
    hooks(toolcheck({ gates })).configureVitest({ vitest: { config: { reporters } }, project: { config: { retry: 0 } } })
    expect(reporters).toEqual([[expect.any(String), expect.objectContaining({ gates })]])
    expect(() => toolcheck({ gates: { minScore: 1.5 } })).toThrow(/gates\.minScore: /)
    expect(() => toolcheck({ gates: { baseline: 'x', correction: 'bonferroni' } as never })).toThrow(/gates\.correction: /)
  })

  test('refuses trials combined with retries', () => {
    const context = { vitest: { config: { reporters: [] } }, project: { config: { retry: 2 } } }
    expect(() => hooks(toolcheck({ trials: 4 })).configureVitest(context)).toThrow('toolcheck({ trials: 4 }) runs each test 4 times to measure pass^k, and the config also sets retry: 2')
    expect(() => hooks(toolcheck({ trials: 1 })).configureVitest(context)).not.toThrow()
  })
})

describe('resolveToolcheckOptions', () => {
  test('falls back to TOOLCHECK_AGENT / TOOLCHECK_USER, then to reference / scripted', () => {
    expect(resolveToolcheckOptions({}, {})).toMatchObject({ agent: 'reference', user: 'scripted', trials: 1, reportDir: 'toolcheck-report', concurrency: { default: 4 }, scoring: 'toolcheck' })
    expect(resolveToolcheckOptions({ scoring: 'toolsandbox' }, {}).scoring).toBe('toolsandbox')
    expect(() => resolveToolcheckOptions({ scoring: 'apple' }, {})).toThrow(/scoring/)
    expect(resolveToolcheckOptions({}, { TOOLCHECK_AGENT: 'openai:gpt-4o', TOOLCHECK_USER: 'hf:llama' })).toMatchObject({ agent: 'openai:gpt-4o', user: 'hf:llama' })
    expect(resolveToolcheckOptions({ agent: 'reference' }, { TOOLCHECK_AGENT: 'openai:gpt-4o' }).agent).toBe('reference')
    expect(resolveToolcheckOptions({ concurrency: { 'openai:gpt-4o': 2 } }, {}).concurrency).toEqual({ default: 4, 'openai:gpt-4o': 2 })
  })

  test('names every wrong option and lists the known ones', () => {
    expect(() => resolveToolcheckOptions({ trials: 0, agents: 'x' }, {})).toThrow(/trials: .*\n.*Unrecognized key: "agents"[\s\S]*known options: agent, user, reportDir, trials, concurrency, embedder, html, summary, limits/)
  })
})
