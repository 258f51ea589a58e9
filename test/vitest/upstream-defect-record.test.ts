import { describe, expect, test } from 'vitest'
import { defineScenario } from '../../src/scenario/index.ts'
import { toRunRecord } from '../../src/vitest/record-scenario-run.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from './sample-run.ts'

describe('a run of a scenario that is defective upstream', () => {
  test('is recorded as an error of the scenario, not scored against the agent, with the defect as its message', () => {
    const defective = defineScenario({ ...sampleScenario, caveats: [{ kind: 'upstream-defect', reason: 'a milestone expects a call of unit_conversion, which the scenario never offers' }] })
    const record = toRunRecord(defective, sampleTrajectory(), sampleEvaluation(), 0)
    expect(record).toMatchObject({ status: 'error', score: null, milestoneScore: null, error: { culprit: 'domain', kind: 'upstream-defect', message: expect.stringContaining('unit_conversion') } })
    // Without the caveat the same run is the agent's result.
    expect(toRunRecord(sampleScenario, sampleTrajectory(), sampleEvaluation(), 0).score).not.toBeNull()
    // A caveat that only warns (live data) changes nothing in scoring.
    const live = defineScenario({ ...sampleScenario, caveats: [{ kind: 'needs-live-data', reason: 'live weather' }] })
    expect(toRunRecord(live, sampleTrajectory(), sampleEvaluation(), 0).score).not.toBeNull()
  })
})
