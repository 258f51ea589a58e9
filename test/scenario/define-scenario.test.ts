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

  test('edges that form a cycle are refused with the edge that closes it and the cycle', () => {
    const three = [0, 1, 2].map(() => ({ constraints: [{ kind: 'table' as const, table: 'settings', rows: [{ wifi: true }] }] }))
    const message = issuesOf({ ...base, milestones: three, milestoneEdges: [[0, 1], [1, 2], [2, 0]] })
    expect(message).toContain('milestoneEdges.2: the edges form a cycle (0 → 1 → 2 → 0); milestones must form a DAG')
    expect(issuesOf({ ...base, minefields: three, minefieldEdges: [[1, 0], [0, 1]] })).toContain('minefieldEdges.0: the edges form a cycle (0 → 1 → 0); minefields must form a DAG')
  })

  test('a reference or fill that reads a milestone the edges place after it, or that closes a cycle with them, is refused where it is written', () => {
    const later = issuesOf({
      ...base,
      milestones: [
        { constraints: [{ kind: 'message', content: '{x}', fill: { milestone: 1, values: { x: 'result' } } }] },
        { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_status' }] }] },
      ],
    })
    expect(later).toContain('milestones.0.constraints.0.fill: the fill reads milestone 1, which the edges place after milestone 0')
    const circular = issuesOf({
      ...base,
      milestones: [
        { constraints: [{ kind: 'message', content: '{x}', fill: { milestone: 1, values: { x: 'result' } } }] },
        { constraints: [{ kind: 'updated', table: 'settings', rows: [{ wifi: true }], reference: 0 }] },
      ],
      milestoneEdges: [],
    })
    expect(circular).toMatch(/milestones\.\d\.constraints\.0\.(fill|reference): the milestones this milestone reads, with the edges, form a cycle \((0 → 1 → 0|1 → 0 → 1)\)/)
    // The same reads in an order that holds are fine.
    expect(issuesOf({ ...base, milestones: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_status' }] }] }, { constraints: [{ kind: 'message', content: '{x}', fill: { milestone: 0, values: { x: 'result' } } }] }] })).toBe('(valid)')
  })

  test('a value nested beyond the limit is refused with its path, however deep, instead of overflowing the stack', () => {
    let deep: unknown = 'bottom'
    for (let level = 0; level < 20_000; level++) deep = [deep]
    const message = issuesOf({ ...base, reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: deep as boolean } }] }, { user: 'end' }] })
    expect(message).toMatch(/^invalid scenario wifi-on:\n {2}- reference\.0\.calls\.0\.arguments\.on(\.0){94}: nested more than 100 levels deep; a scenario may nest objects and arrays at most 100 levels$/)
    const circular: Record<string, unknown> = {}
    circular.self = circular
    expect(issuesOf({ ...base, reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: circular as unknown as boolean } }] }, { user: 'end' }] })).toContain(
      'reference.0.calls.0.arguments.on.self: contains itself; a scenario is data, a tree of values',
    )
    // An object shared by many parents is no deeper for it.
    const shared = { on: true }
    expect(issuesOf({ ...base, reference: [{ agent: 'call', calls: Array.from({ length: 50 }, () => ({ tool: 'set_wifi_status', arguments: shared })) }, { user: 'end' }] })).toBe('(valid)')
  })
})

