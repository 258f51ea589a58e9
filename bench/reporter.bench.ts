import { buildReport } from '../src/reporter/build-report.ts'
import type { CollectedTest } from '../src/reporter/collected-test.ts'
import { renderHtmlReport } from '../src/reporter/render-html-report.ts'
import type { RunRecord } from '../src/runner/run-record-schema.ts'
import { defineBenchmarks } from './harness.ts'

// The size of `npm run eval`: 144 scenarios under 8 variants.
const LABELS = ['none', '3 distraction tools', '10 distraction tools', 'all tools', 'a', 'b', 'c', 'd']
const tests: CollectedTest[] = Array.from({ length: 1152 }, (_, index) => {
  const run: RunRecord = {
    scenario: `scenario-${index % 144}`,
    categories: ['SINGLE_TOOL_CALL', index % 3 === 0 ? 'STATE_DEPENDENCY' : 'CANONICALIZATION'],
    augmentation: LABELS[index % 8] as string,
    augmentationColumns: [LABELS[index % 8] as string],
    trial: 0,
    domain: 'device',
    agent: 'reference',
    user: 'reference',
    status: 'completed',
    score: (index % 5) / 4,
    milestoneScore: (index % 5) / 4,
    minefieldHit: false,
    turns: 3 + (index % 7),
    usage: { calls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, cachedCalls: 0 },
    milestones: [{ index: 0, messageIndex: 4, similarity: 1, reason: 'all constraints hold' }],
    minefields: [],
  }
  return { id: `t${index}`, fullName: `test ${index}`, file: 'part-1.eval.ts', state: 'passed', attempts: [{ state: 'passed', repeatIndex: 0, retryIndex: 0 }], meta: { toolcheck: { runs: [run] } }, annotations: [] }
})

export default defineBenchmarks([
  {
    name: 'report from 1152 runs (validate metadata, sort, summarize)',
    targetMs: 100,
    iterations: 10,
    run: () => buildReport(tests),
  },
  {
    name: 'HTML page for 1152 runs',
    targetMs: 50,
    iterations: 10,
    setup: () => buildReport(tests),
    run: (built) => renderHtmlReport((built as ReturnType<typeof buildReport>).report, []),
  },
])
