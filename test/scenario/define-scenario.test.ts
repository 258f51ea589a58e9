import { describe, expect, test } from 'vitest'
import type { ScenarioInput } from '../../src/scenario/index.ts'
import { defineScenario, ScenarioError } from '../../src/scenario/index.ts'

const base: ScenarioInput = {
  id: 'wifi-on',
  categories: ['SINGLE_TOOL_CALL'],
  user: { goal: 'Turn on Wi-Fi.', knowledge: 'Nothing else.' },
  firstMessage: 'Turn on wifi.',
  tools: { allow: ['set_wifi_status', 'get_wifi_status'], deny: ['get_wifi_status'] },
  milestones: [{ constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: true }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] }, { user: 'end' }],
}

function issuesOf(input: ScenarioInput): string {
  try {
    defineScenario(input)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError)
    return (error as Error).message
  }
  return '(valid)'
}

describe('defineScenario names malformed milestones with their path', () => {
  test('a reference to a milestone that does not exist, or to itself', () => {
    const message = issuesOf({
      ...base,
      milestones: [
        { constraints: [{ kind: 'updated', table: 'settings', reference: 0, rows: [{ wifi: true }] }] },
        { constraints: [{ kind: 'added', table: 'reminders', reference: 5, rows: [{ content: 'x' }] }] },
      ],
    })
    expect(message).toContain('milestones.0.constraints.0.reference: the reference names milestone 0, which is not another milestone of this scenario (use one of 0..1 other than 0)')
    expect(message).toContain('milestones.1.constraints.0.reference: the reference names milestone 5')
  })

  test('a fill from a minefield that does not exist', () => {
    const message = issuesOf({ ...base, minefields: [{ constraints: [{ kind: 'message', content: '{x}', fill: { milestone: 1, values: { x: 'result' } } }] }] })
    expect(message).toContain('minefields.0.constraints.0.fill: the fill names minefield 1, which is not another minefield of this scenario (there is no other minefield)')
  })

  test('a milestone that expects a tool the scenario does not offer (misspelt, or denied) can never be reached', () => {
    const message = issuesOf({
      ...base,
      milestones: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_status' }, { tool: 'set_wifi' }, { tool: 'get_wifi_status' }] }] }],
    })
    expect(message).toContain('milestones.0.constraints.0.anyOf.1.tool: the milestone expects a call of set_wifi, which the scenario does not offer (offered: set_wifi_status)')
    expect(message).toContain('milestones.0.constraints.0.anyOf.2.tool: the milestone expects a call of get_wifi_status')
    expect(message).not.toContain('anyOf.0')
  })

  test('a minefield on a withheld tool is what minefields are for', () => {
    expect(issuesOf({ ...base, minefields: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'get_wifi_status' }] }] }] })).toBe('(valid)')
  })
})
