import { expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/toolsandbox/index.ts'
import type { Milestone } from '../../src/scenario/index.ts'
import { milestoneName, milestoneTarget } from '../../src/scenario/index.ts'

const milestone = (value: unknown) => value as Milestone

test('a milestone is named by its author, else by what its first check is about', () => {
  expect(milestoneName(milestone({ name: 'wifi on', constraints: [{ kind: 'updated', table: 'settings', rows: [{ wifi: true }] }] }))).toBe('wifi on')
  expect(milestoneName(milestone({ name: '  ', constraints: [{ kind: 'updated', table: 'settings', rows: [{ wifi: true }] }] }))).toBe('settings row updated')
  expect(milestoneName(milestone({ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_contacts', arguments: {} }, { tool: 'search_contacts', arguments: { name: 'Sam' } }] }, { kind: 'message', from: 'agent', to: 'user', content: 'x', similarity: 'rouge-l' }] }))).toBe(
    'search_contacts called (+1 more)',
  )
  expect(milestoneName(milestone({ constraints: [{ kind: 'message', from: 'agent', to: 'user', content: 'x', similarity: 'rouge-l' }] }))).toBe('agent tells user')
  expect(milestoneName(milestone({ constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: false, low_battery_mode: false }] }] }))).toBe('settings: wifi = false, low_battery_mode = false')
  expect(milestoneName(milestone({ constraints: [{ kind: 'table', table: 'contacts', rows: [{ name: 'A' }, { name: 'B' }] }] }))).toBe('contacts as expected')
})

test('the target says every check in words, values whole and placeholders by name', () => {
  const uuid = '2974a941-905d-4312-a9b1-b62aa2c9d2c6'
  expect(
    milestoneTarget(
      milestone({
        constraints: [
          { kind: 'added', table: 'reminders', rows: [{ reminder_id: uuid, content: 'Order flowers for the anniversary' }], reference: 'start', columns: { content: 'rouge-l' } },
          { kind: 'tool-call', anyOf: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: { $fill: 'phone' }, content: 'Running late' }, compare: { content: 'mentions' } }] },
          { kind: 'message', from: 'agent', to: 'user', content: ['Done.', 'All set.'], similarity: 'mentions' },
        ],
      }),
    ),
  ).toBe(
    `reminders: a row added { reminder_id = "${uuid}", content ≈(rouge-l) "Order flowers for the anniversary" } since the start; and send_message_with_phone_number with phone_number = {phone}, content ≈(mentions) "Running late" called successfully; and agent tells user "Done." or "All set." (mentions)`,
  )
  expect(milestoneTarget(milestone({ constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: true, cellular: false }], columns: { latitude: { close: 0.5 } } }] }))).toBe('settings holds exactly the row { wifi = true, cellular = false }')
  expect(milestoneTarget(milestone({ constraints: [{ kind: 'request', anyOf: [{ tool: 'search_lat_lon', arguments: {} }] }] }))).toBe('the agent asks for search_lat_lon')
})

test('every milestone and minefield of the built-in corpus has a name and a target', () => {
  for (const scenario of builtInScenarios())
    for (const item of [...scenario.milestones, ...scenario.minefields]) {
      expect(milestoneName(item).trim()).not.toBe('')
      expect(milestoneTarget(item).trim()).not.toBe('')
    }
})
