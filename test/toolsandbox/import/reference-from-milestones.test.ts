import { describe, expect, test } from 'vitest'
import { NoReferenceError, referenceFromMilestones } from '../../../scenarios/toolsandbox/import/reference-from-milestones.ts'
import type { ScenarioInput } from '../../../src/scenario/index.ts'

function scenario(overrides: Partial<ScenarioInput>): ScenarioInput {
  return {
    id: 'x',
    categories: ['MULTIPLE_TOOL_CALL', 'SINGLE_USER_TURN'],
    world: { settings: { cellular: false, wifi: true } },
    user: { goal: 'Text Ana.' },
    firstMessage: 'Text Ana hello',
    tools: { allow: ['search_contacts', 'set_cellular_service_status', 'send_message_with_phone_number', 'search_weather_around_lat_lon'] },
    ...overrides,
  }
}

describe('a reference solution from the milestones', () => {
  test('switches what a settings milestone wants (unless already so), makes added rows with their tool, says the message, and ends', () => {
    const steps = referenceFromMilestones(
      scenario({
        milestones: [
          { constraints: [{ kind: 'table', table: 'settings', rows: [{ cellular: true, wifi: true }] }] },
          { constraints: [{ kind: 'added', table: 'messages', rows: [{ recipient_phone_number: '+15550101', content: 'hello' }] }] },
          { constraints: [{ kind: 'message', content: 'Sent.' }] },
        ],
      }),
    )
    expect(steps).toEqual([
      { agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] },
      { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: '+15550101', content: 'hello' } }] },
      { agent: 'say', content: 'Sent.' },
      { user: 'end' },
    ])
  })

  test('a message filled from an earlier result quotes it through a $ref to the call that made it', () => {
    const steps = referenceFromMilestones(
      scenario({
        milestones: [
          { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_weather_around_lat_lon', arguments: {} }] }] },
          { constraints: [{ kind: 'message', content: 'It is {temperature} degrees', fill: { milestone: 0, values: { temperature: 'result.current_temperature' } } }] },
        ],
      }),
    )
    expect(steps[1]).toEqual({ agent: 'say', content: 'It is {temperature} degrees', values: { temperature: { $ref: { step: 0, call: 0, path: 'current_temperature' } } } })
  })

  test('searches everything where a milestone accepts any search; a multiple-user-turn scenario asks first', () => {
    const steps = referenceFromMilestones(scenario({ categories: ['MULTIPLE_USER_TURN'], milestones: [{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_contacts', arguments: {} }] }] }] }))
    expect(steps.slice(0, 3)).toEqual([
      { agent: 'say', content: expect.stringContaining('?') },
      { user: 'say', content: 'Text Ana.' },
      { agent: 'call', calls: [{ tool: 'search_contacts', arguments: { is_self: false } }] },
    ])
  })

  test('no milestones: the agent says it cannot; a milestone no offered tool makes: NoReferenceError naming it', () => {
    expect(referenceFromMilestones(scenario({ milestones: [] }))).toEqual([{ agent: 'say', content: expect.any(String) }, { user: 'end' }])
    expect(() => referenceFromMilestones(scenario({ milestones: [{ constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'x', reminder_timestamp: 1 }] }] }] }))).toThrow(
      new NoReferenceError('milestone 0 needs a call of add_reminder, which the scenario does not offer'),
    )
  })
})

describe('calls and turns the milestones imply', () => {
  test("a date conversion any call of which counts gets the date of the reminder a later milestone wants, in the scenario's zone", () => {
    const steps = referenceFromMilestones(
      scenario({
        tools: { allow: ['datetime_info_to_timestamp', 'add_reminder'] },
        clock: { now: '2026-05-14T10:00:00-07:00', timeZone: 'America/Los_Angeles' },
        milestones: [
          { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'datetime_info_to_timestamp', arguments: {} }] }] },
          // 2024-03-22 17:00 in Los Angeles.
          { constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'Buy milk', reminder_timestamp: 1711152000 }] }] },
        ],
      }),
    )
    expect(steps[0]).toEqual({ agent: 'call', calls: [{ tool: 'datetime_info_to_timestamp', arguments: { year: 2024, month: 3, day: 22, hour: 17, minute: 0, second: 0 } }] })
  })

  test('after the agent reports, more work waits for the user to ask for the rest', () => {
    const steps = referenceFromMilestones(
      scenario({
        milestones: [
          { constraints: [{ kind: 'message', content: 'First part done.' }] },
          { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_contacts', arguments: { name: 'Ana' } }] }] },
        ],
      }),
    )
    expect(steps.slice(0, 3)).toEqual([{ agent: 'say', content: 'First part done.' }, { user: 'say', content: 'Text Ana.' }, { agent: 'call', calls: [{ tool: 'search_contacts', arguments: { name: 'Ana' } }] }])
  })
})
