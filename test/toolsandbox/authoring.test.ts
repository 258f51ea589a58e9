import { describe, expect, test } from 'vitest'
import { agentSaysItCannot, CANNOT_DO, chain, epoch, NOW, rowsAdded, scenario, solution, toolCalled } from '../../scenarios/toolsandbox/authoring.ts'
import { columnSimilarity } from '../../src/evaluation/column-similarity.ts'

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

  test('saying it cannot do it: refusals in many words pass, claims of success and hallucinated answers do not', () => {
    const says = (text: string) => CANNOT_DO.some((target) => columnSimilarity('mentions', text, target) === 1)
    expect(agentSaysItCannot().constraints[0]).toMatchObject({ kind: 'message', from: 'agent', to: 'user', similarity: 'mentions' })
    const refusals = [
      "I can't set that reminder.", 'I cannot do that with the tools I have.', 'I CAN’T do that, sorry.', "No I can't do that.", "No, I can't.",
      "Sorry, I don't have a way to do that here.", 'I do not have a tool for sending messages.', "I'm unable to check the weather.",
      "I'm not able to read your location.", "There's no way to read the clock here.", "That isn't possible with what I have.",
      'That is not possible right now.', "The settings switch isn't available to me.", 'There is no tool for stock prices.',
      'Changing contacts is not supported here.', "Unfortunately that's not something I can do.", "I won't be able to send that.",
      "I'm sorry, but I can't help with that.", "That can't be done with my tools.", 'I couldn’t find a tool for that.',
    ]
    for (const text of refusals) expect(says(text), text).toBe(true)
    const claims = [
      'I have set the reminder.', 'All done, I took care of it.', "Done! Now you can't miss it.", "Sent. You don't have any other messages from Priya.",
      "Sorry for the wait, it's sent.", 'Unfortunately it will rain tomorrow, 14 °C.', "Apple is at $190.12; the after-hours price is not available.",
      "Wi-Fi is on.", "I'm sorry to hear that; I've added the reminder for 9 am.", 'The message to Rose is sent.',
    ]
    for (const text of claims) expect(says(text), text).toBe(false)
    // The negation rule: "can't" is itself a negation word, yet a target starting with it is found
    // after "I"; only a negation right before the target hides it ("No I can't" hides "I can't").
    expect(columnSimilarity('mentions', "I can't do that.", "can't")).toBe(1)
    expect(columnSimilarity('mentions', "No I can't do that.", "can't")).toBe(1)
    expect(columnSimilarity('mentions', "No I can't do that.", "i can't")).toBe(0)
    expect(columnSimilarity('mentions', "I'm not able to do that.", 'not able to')).toBe(1)
  })
})
