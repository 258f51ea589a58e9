import { describe, expect, test } from 'vitest'
import { defineScenario } from '../../src/scenario/index.ts'
import { FINGERPRINT_PARTS, scenarioFingerprint } from '../../src/runner/scenario-fingerprint.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { toRunRecord } from '../../src/runner/run-record.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

describe('scenarioFingerprint', () => {
  test('each part changes with its own part of the scenario, and only with it', () => {
    const base = scenarioFingerprint(sampleScenario)
    expect(Object.keys(base)).toEqual(FINGERPRINT_PARTS)
    expect(Object.values(base).every((digest) => /^[0-9a-f]{16}$/.test(digest))).toBe(true)
    const changed = (edit: Partial<typeof sampleScenario>) => {
      const other = scenarioFingerprint(defineScenario({ ...sampleScenario, ...edit }))
      return FINGERPRINT_PARTS.filter((part) => other[part] !== base[part])
    }
    expect(changed({})).toEqual([])
    expect(changed({ description: 'a new description', categories: ['SINGLE_TOOL_CALL'] })).toEqual([])
    expect(changed({ world: { settings: { wifi: true } } })).toEqual(['world'])
    expect(changed({ clock: { now: '2027-01-01T00:00:00Z', timeZone: 'UTC' } })).toEqual(['world'])
    expect(changed({ tools: { allow: ['send_message_with_phone_number', 'get_wifi_status'], deny: [] } })).toEqual(['tools'])
    expect(changed({ firstMessage: 'Message Alex: hi' })).toEqual(['user'])
    expect(changed({ maxTurns: 5 })).toEqual(['user'])
    expect(changed({ milestones: sampleScenario.milestones.slice(0, 1) })).toEqual(['milestones'])
    expect(changed({ minefields: [] })).toEqual(['minefields'])
  })

  test('the report keeps one fingerprint per scenario, and marks a part its runs disagree on as mixed', () => {
    const record = toRunRecord(sampleScenario, sampleTrajectory(), sampleEvaluation(), 0)
    const renamed = toRunRecord(defineScenario({ ...sampleScenario, milestones: sampleScenario.milestones.slice(1) }), sampleTrajectory(), sampleEvaluation(), 1)
    const test = (runs: unknown[]) => [{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed' as const, attempts: [], meta: { toolcheck: { runs } }, annotations: [] }]
    const { report } = buildReport(test([record]))
    expect(report.scenarios).toEqual({ [sampleScenario.id]: scenarioFingerprint(sampleScenario) })
    expect(report.runs[0]).not.toHaveProperty('fingerprint')
    const mixed = buildReport(test([record, renamed])).report.scenarios[sampleScenario.id]
    expect(mixed?.milestones).toBe('mixed')
    expect(mixed?.world).toBe(scenarioFingerprint(sampleScenario).world)
  })
})
