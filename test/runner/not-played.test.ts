import { describe, expect, test } from 'vitest'
import { functionAgent, referenceAgent } from '../../src/roles/index.ts'
import { notPlayedBecause } from '../../src/runner/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { sampleScenario } from '../vitest/sample-run.ts'

describe('runs that are not played', () => {
  const model = functionAgent(() => 'hello', { name: 'model' })

  test('a scenario with a caveat is not played by any agent, and the reason names the caveat', () => {
    const live = defineScenario({ ...sampleScenario, id: 'live-weather', caveats: [{ kind: 'needs-live-data', reason: 'its milestones expect live weather' }] })
    expect(notPlayedBecause(model, live)).toBe('live-weather is not played (needs-live-data): its milestones expect live weather')
    expect(notPlayedBecause(referenceAgent(), live)).toBe('live-weather is not played (needs-live-data): its milestones expect live weather')
  })

  test('the reference agent does not play a scenario without a solution; any other agent does', () => {
    const unsolved = defineScenario({ ...sampleScenario, id: 'unsolved', reference: [] })
    expect(notPlayedBecause(referenceAgent(), unsolved)).toBe('unsolved has no reference solution, so the reference agent cannot play it')
    expect(notPlayedBecause(model, unsolved)).toBeUndefined()
    expect(notPlayedBecause(referenceAgent(), sampleScenario)).toBeUndefined()
  })
})
