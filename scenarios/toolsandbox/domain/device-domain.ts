import { defineDomain } from '../../../src/domain/index.ts'
import type { InvariantViolation } from '../../../src/domain/index.ts'
import { defaultDeviceRows } from './default-world.ts'
import { contactRowSchema, messageRowSchema, reminderRowSchema, settingsRowSchema } from './device-tables.ts'
import { deviceTools } from './device-tools.ts'

/** The services that low battery mode keeps off. */
const LOW_BATTERY_SERVICES = ['cellular', 'wifi', 'location_service'] as const

/**
 * The built-in `device` domain: ToolSandbox's simulated phone, built with the same public API as
 * any user's domain. Four tables (settings, contacts, messages, reminders; see `device-tables.ts`),
 * the default world of `defaultWorld`, the 33 ToolSandbox-compatible tools of `deviceTools`, the
 * low battery rule as an invariant, and prompts that speak of a phone.
 */
export const deviceDomain = defineDomain({
  name: 'device',
  description: "A simulated phone: its settings, contacts, messages and reminders, with ToolSandbox's 33 tools and their hidden state dependencies.",
  tables: {
    settings: { key: 'device_id', row: settingsRowSchema, description: 'The one row of device settings: which services are on, and where the device is.' },
    contacts: { key: 'person_id', display: 'name', row: contactRowSchema, description: 'The address book; exactly one contact is the device owner (is_self).' },
    messages: { key: 'message_id', display: 'content', row: messageRowSchema, description: 'Text messages sent and received.' },
    reminders: { key: 'reminder_id', display: 'content', row: reminderRowSchema, description: 'Reminders, optionally tied to a place.' },
  },
  defaultRows: (clock) => defaultDeviceRows(clock),
  invariants: [
    {
      name: 'low battery mode keeps cellular, Wi-Fi and location service off',
      check: (rows) => {
        if (rows.settings.length !== 1) return { table: 'settings', message: `the settings table must hold exactly one row, found ${rows.settings.length}` }
        const settings = rows.settings[0]
        if (settings?.low_battery_mode !== true) return undefined
        return LOW_BATTERY_SERVICES.filter((service) => settings[service]).map(
          (service): InvariantViolation => ({
            table: 'settings',
            row: 0,
            column: service,
            message: `low_battery_mode is on, which keeps ${service} off; set ${service} to false as well, or turn low_battery_mode off`,
          }),
        )
      },
    },
  ],
  tools: deviceTools,
  prompts: {
    agent:
      "You are an assistant that acts on the user's phone through the tools you are given. Never guess a value for a tool argument: when something the user asked for is unclear or missing, ask them.",
    user: [
      'You are role-playing a person who is talking to a digital assistant on their phone. The other side of this chat is that assistant.',
      'If the assistant asks to change a device setting to get your task done (turn on Wi-Fi, cellular or location, turn off low battery mode), say yes.',
    ].join('\n'),
    userExample: {
      goal: 'Text your friend Ana Ruiz that you will be ten minutes late. You do not know her number.',
      turns: [
        { role: 'user', content: 'text ana im running 10 min late' },
        { role: 'agent', content: 'I found Ana Ruiz in your contacts. Should the message say "I\'m running 10 minutes late"?' },
        { role: 'user', content: 'yep' },
        { role: 'agent', content: 'Cellular service is off, so I cannot send texts. May I turn it on?' },
        { role: 'user', content: 'sure go ahead' },
        { role: 'agent', content: 'Done: cellular is on and Ana got your message.' },
        { role: 'user', content: '(ends the conversation)' },
      ],
    },
  },
})
