import { afterEach, describe, expect, test } from 'vitest'
import { parseEvalArguments, runEval } from '../../src/cli/eval.ts'
import { runPlanCommand } from '../../src/cli/plan-command.ts'
import { reportDirectory } from '../e2e/run-fixture.ts'

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

const saved = { agent: process.env.TOOLCHECK_AGENT, key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL, cache: process.env.TOOLCHECK_CACHE }
afterEach(() => {
  for (const [name, value] of [['TOOLCHECK_AGENT', saved.agent], ['OPENAI_API_KEY', saved.key], ['OPENAI_BASE_URL', saved.base], ['TOOLCHECK_CACHE', saved.cache]] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

function modelAgent(model: string) {
  process.env.TOOLCHECK_AGENT = `openai:${model}`
  process.env.OPENAI_API_KEY = 'not-used'
  // Nothing listens there: no test may reach a model.
  process.env.OPENAI_BASE_URL = 'http://127.0.0.1:9/v1'
  process.env.TOOLCHECK_CACHE = 'off'
}

describe('budgets checked before anything plays', () => {
  test('a shard whose share of a cap is nothing is refused', () => {
    expect(() => parseEvalArguments(['--shard', '3/3', '--max-model-calls', '2'])).toThrow('--shard 3/3 gets none of the 2 model calls of --max-model-calls (each shard gets its share, the first ones one more); give --max-model-calls at least 3, or use fewer shards')
    expect(() => parseEvalArguments(['--shard', '2/2', '--max-tokens', '1'])).toThrow('--shard 2/2 gets none of the 1 tokens of --max-tokens')
    expect(parseEvalArguments(['--shard', '2/3', '--max-model-calls', '2']).budget).toEqual({ modelCalls: 2 })
    // No calls at all is a choice (replay only), not a share lost.
    expect(parseEvalArguments(['--shard', '3/3', '--max-model-calls', '0']).budget).toEqual({ modelCalls: 0 })
  })

  test('an unpriced model under --max-cost is refused, naming the model and how to price it', async () => {
    modelAgent('my-local-model')
    const { output, io } = capture()
    expect(await runEval(['--max-cost', '1', '--variants', 'plain', '--filter', 'wifi', '--report-dir', reportDirectory('budget-unpriced')], io)).toBe(2)
    expect(output.stderr).toContain("toolcheck eval: --max-cost 1 cannot be counted: the agent's model my-local-model (TOOLCHECK_AGENT=openai:my-local-model) has no price")
    expect(output.stderr).toContain('price it in a JSON file named by TOOLCHECK_PRICES ({ "my-local-model": { "inputPerMillion": <usd>, "outputPerMillion": <usd> } })')
  })

  test('plan exits 3 when the plan does not fit the budget', async () => {
    modelAgent('gpt-4o')
    const { output, io } = capture()
    const code = await runPlanCommand(['--max-model-calls', '1', '--variants', 'plain', '--filter', 'wifi', '--report-dir', reportDirectory('budget-plan')], io)
    expect(output.stdout).toContain('budget: the projection does not fit it')
    expect(code).toBe(3)
  })
})

describe('the summary says why the budget cut runs', () => {
  test('each reason once, with the runs it cut', async () => {
    const { buildReport } = await import('../../src/reporter/build-report.ts')
    const { formatSummary } = await import('../../src/reporter/format-summary.ts')
    const { runRecord } = await import('../reporter/run-record.ts')
    const cut = (scenario: string, message: string) =>
      runRecord(scenario, 0, { status: 'error', score: null, milestoneScore: null, minefieldHit: null, error: { culprit: 'infrastructure', kind: 'budget', message: `the call was not made: ${message}` } })
    const runs = [cut('a', 'my-model at http://local has no price, so what it would cost cannot be counted'), cut('b', 'my-model at http://local has no price, so what it would cost cannot be counted'), cut('c', 'the budget of 3 model calls is spent')]
    const tests = runs.map((run, index) => ({ id: `t${index}`, fullName: `t${index}`, file: 'a.test.ts', state: 'passed' as const, attempts: [{ state: 'passed' as const, repeatIndex: 0, retryIndex: 0 }], meta: { toolcheck: { runs: [run] } }, annotations: [] }))
    const { report } = buildReport(tests)
    const text = formatSummary({ ...report, budget: { limits: { modelCalls: 3 }, spent: { modelCalls: 3, tokens: 0, costUsd: 0, refusedCalls: 3, retries: 1 }, cutRuns: 3 } })
    expect(text).toContain('budget: 3 of 3 model calls sent (1 of them retries), 0 tokens, $0.0000; it cut 3 runs short (errors of kind budget)\n  2 runs cut: my-model at http://local has no price, so what it would cost cannot be counted\n  1 run cut: the budget of 3 model calls is spent')
  })
})
