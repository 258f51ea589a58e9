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
