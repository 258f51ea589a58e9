import { describe, expect, it } from 'vitest'
import type { EvalRoles } from '../../../src/cli/eval/runs-per-worker.ts'
import { runsPerWorker } from '../../../src/cli/eval/runs-per-worker.ts'

const LOCAL: EvalRoles = { agentSpec: 'reference', userSpec: 'scripted', judgeSpec: 'built-in' }

describe('runsPerWorker', () => {
  it('plays more runs at once when the runs call only toolcheck code, which waits on no model', () => {
    expect(runsPerWorker(LOCAL)).toBeGreaterThan(runsPerWorker({ ...LOCAL, agentSpec: 'openai:gpt-4o-mini' }))
    // Scenario files that are data only keep that.
    expect(runsPerWorker({ ...LOCAL, scenarioPaths: ['/project/scenarios.json', '/project/folder'] })).toBe(runsPerWorker(LOCAL))
  })

  it.each<[string, Partial<EvalRoles>]>([
    ['a model agent', { agentSpec: 'openai:gpt-4o-mini' }],
    ['a Hugging Face agent', { agentSpec: 'hf:meta-llama/Llama-3.1-8B-Instruct' }],
    ['an --agent module, which may call a model', { agentSpec: 'my-agent.ts', agentModule: '/project/my-agent.ts' }],
    ['a model user', { userSpec: 'openai:gpt-4o-mini' }],
    ['a --user module', { userSpec: 'my-user.ts', userModule: '/project/my-user.ts' }],
    ['a model judge', { judgeSpec: 'openai:gpt-4o-mini' }],
    ['a judge module', { judgeSpec: '/project/judge.ts' }],
    ['a --domain module, whose tools may compute for long', { domainModules: ['/project/domain.ts'] }],
    ['scenarios written as code, which may define a domain', { scenarioPaths: ['/project/scenarios.json', '/project/more-scenarios.mts'] }],
  ])('keeps the fewer runs at once with %s', (_, roles) => {
    expect(runsPerWorker({ ...LOCAL, ...roles })).toBe(4)
  })
})
