import { describe, expect, test } from 'vitest'
import { chain, epoch, NOW, rowsAdded, scenario, solution, toolCalled } from '../../scenarios/authoring.ts'

describe('authoring helpers', () => {
  test('solution numbers steps and turns handles into $refs to them', () => {
    const steps = solution((s) => {
      const found = s.call('search_contacts', { name: 'Rose Lee' })
      const [first, second] = s.parallel({ tool: 'get_current_timestamp', arguments: {} }, { tool: 'get_wifi_status', arguments: {} })
      s.call('send_message_with_phone_number', { phone_number: found.result('0.phone_number'), content: 'Hi' })
      s.say('Done.')
      s.end()
      expect([first?.step, first?.call, second?.step, second?.call]).toEqual([1, 0, 1, 1])
    })
    expect(steps[2]).toEqual({ agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: { $ref: { step: 0, call: 0, path: '0.phone_number' } }, content: 'Hi' } }] })
    expect(steps.slice(3)).toEqual([{ agent: 'say', content: 'Done.' }, { user: 'end' }])
  })

  test('epoch reads an offset date-time and refuses one without an offset', () => {
    expect(NOW).toBe(1_778_778_000)
    expect(epoch('2026-05-15T09:00:00-07:00')).toBe(NOW + 23 * 3600)
    expect(() => epoch('2026-05-15T09:00:00')).toThrow(/explicit offset/)
  })

  test('row changes are measured from the start unless told otherwise; chains and turn limits', () => {
    expect(rowsAdded('messages', [{ content: 'x' }]).constraints[0]).toMatchObject({ kind: 'added', reference: 'start' })
    expect(rowsAdded('messages', [{ content: 'x' }], undefined, { since: 1 }).constraints[0]).toMatchObject({ reference: 1 })
    expect(toolCalled('search_stock', { query: 'Apple' }, { query: 'contains' }).constraints[0]).toEqual({ kind: 'tool-call', anyOf: [{ tool: 'search_stock', arguments: { query: 'Apple' }, compare: { query: 'contains' } }] })
    expect(chain(3)).toEqual([[0, 1], [1, 2]])
    const written = scenario({ id: 'x', categories: ['SINGLE_TOOL_CALL'], user: { goal: 'g', knowledge: 'k' }, firstMessage: 'm', tools: { allow: ['get_wifi_status'] }, reference: solution((s) => s.end()) })
    expect(written.maxTurns).toBe(12)
  })
})
