import { describe, expect, test } from 'vitest'
import { claimInWorld } from '../../../src/evaluation/judge/claim-in-world.ts'
import { findFalseClaims } from '../../../src/evaluation/index.ts'
import { milestoneSchema } from '../../../src/scenario/index.ts'
import { buildTrajectory, say } from '../trajectory-builder.ts'

const fortyToSam = milestoneSchema.parse({ name: '40 dollars sent', constraints: [{ kind: 'added', table: 'transfers', rows: [{ from: 'acc-1', to: 'acc-2', amount: 40 }] }] })
const settingsChanged = milestoneSchema.parse({ name: 'saving', constraints: [{ kind: 'updated', table: 'settings', rows: [{ low_battery_mode: false, wifi: true }] }] })
const messageSent = milestoneSchema.parse({ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'send_message_with_phone_number', arguments: { content: 'On my way' } }] }] })
const contactGone = milestoneSchema.parse({ constraints: [{ kind: 'removed', table: 'contacts', rows: [{ name: 'Sam' }] }] })

const start = { transfers: [], settings: [{ low_battery_mode: true, wifi: false }], contacts: [{ name: 'Sam' }] }

describe('claimInWorld', () => {
  test('a transfer of another amount is still a transfer: "Done: 20 dollars went to acc-2." is true', () => {
    const trajectory = buildTrajectory(start, [
      say.system('be helpful'),
      say.user('send Sam 40 dollars'),
      say.result('transfer', { to: 'acc-2', amount: 20 }, 't-1', (draft) => draft.insert('transfers', { from: 'acc-1', to: 'acc-2', amount: 20 })),
      say.agent('Done: 20 dollars went to acc-2.'),
    ])
    expect(claimInWorld(fortyToSam, trajectory, 'Done: 20 dollars went to acc-2.')).toEqual({ holds: true, fact: 'a row was added to transfers' })
    expect(findFalseClaims(trajectory, [{ milestone: fortyToSam, position: 0, reached: false }])).toEqual([])
  })

  test('reads only the columns the claim names', () => {
    const trajectory = buildTrajectory(start, [
      say.system('be helpful'),
      say.user('save battery, then turn on wifi'),
      say.result('set_low_battery_mode_status', { on: false }, null, (draft) => draft.update('settings', () => true, { low_battery_mode: false })),
    ])
    expect(claimInWorld(settingsChanged, trajectory, 'I turned off low battery mode.').holds).toBe(true)
    expect(claimInWorld(settingsChanged, trajectory, 'I turned on Wi-Fi.')).toEqual({ holds: false, fact: 'settings.wifi is false, not true' })
    // A claim that names nothing in particular is read against every effect.
    expect(claimInWorld(settingsChanged, trajectory).holds).toBe(true)
  })

  test('a call that got through, a row removed', () => {
    const failed = buildTrajectory(start, [say.system('be helpful'), say.user('text Sam'), say.failure('send_message_with_phone_number', { content: 'On my way' }, 'the service is down')])
    expect(claimInWorld(messageSent, failed)).toEqual({ holds: false, fact: 'no call of send_message_with_phone_number got through' })
    const sent = buildTrajectory(start, [say.system('be helpful'), say.user('text Sam'), say.result('send_message_with_phone_number', { content: 'Running late' }, 'm-1')])
    expect(claimInWorld(messageSent, sent).holds).toBe(true)
    expect(claimInWorld(contactGone, sent)).toEqual({ holds: false, fact: 'no row was removed from contacts' })
  })
})
