import { describe, expect, test } from 'vitest'
import { isDeterministicRun, reportSettings } from '../../src/reporter/report-settings.ts'

const usage = (calls: number, cachedCalls: number) => ({ calls, cachedCalls, promptTokens: 0, completionTokens: 0, latencyMs: 0 })

describe('report settings', () => {
  test('a run is deterministic when every model call it made was replayed, or it made none and the reference agent played it', () => {
    expect(isDeterministicRun({ agent: 'reference', usage: usage(0, 0) })).toBe(true)
    expect(isDeterministicRun({ agent: 'openai:gpt-4o', usage: usage(3, 3) })).toBe(true)
    expect(isDeterministicRun({ agent: 'openai:gpt-4o', usage: usage(3, 2) })).toBe(false)
    // An agent of the user's own that made no call toolcheck saw may draw on anything.
    expect(isDeterministicRun({ agent: 'my-agent', usage: usage(0, 0) })).toBe(false)
    // The reference agent with a live simulated user is not deterministic either.
    expect(isDeterministicRun({ agent: 'reference', usage: usage(2, 0) })).toBe(false)
  })

  test('the settings record what was given, the package version, replay and determinism', () => {
    const settings = reportSettings([{ agent: 'openai:gpt-4o', usage: usage(2, 2) }, { agent: 'reference', usage: usage(0, 0) }], { scoring: 'toolsandbox', agentSpec: 'openai:gpt-4o', userSpec: 'scripted' })
    expect(settings).toEqual({ scoring: 'toolsandbox', version: expect.stringMatching(/^\d+\.\d+\.\d+/), agentSpec: 'openai:gpt-4o', userSpec: 'scripted', replayed: true, deterministic: true })
    expect(reportSettings([{ agent: 'a', usage: usage(2, 1) }])).toMatchObject({ scoring: 'toolcheck', replayed: false, deterministic: false })
    expect(reportSettings([{ agent: 'reference', usage: usage(0, 0) }])).toMatchObject({ replayed: null, deterministic: true })
    expect(reportSettings([])).toMatchObject({ replayed: null, deterministic: false })
  })
})
