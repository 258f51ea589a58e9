import { defineScenario } from 'vitest-toolcheck'

/**
 * A scenario with a hidden state dependency: Wi-Fi cannot come on while low battery mode is on.
 * The milestones say what must happen (low battery mode off, then Wi-Fi on); the minefield says
 * what must not (touching cellular, which nobody asked for).
 */
export const wifiBehindLowBattery = defineScenario({
  id: 'example-wifi-behind-low-battery',
  categories: ['STATE_DEPENDENCY', 'SINGLE_USER_TURN'],
  world: { settings: { low_battery_mode: true, wifi: false, cellular: false, location_service: false } },
  user: { goal: 'Get Wi-Fi working.', knowledge: 'You do not know that low battery mode is on.' },
  firstMessage: 'Can you turn on my wifi?',
  paraphrases: [{ text: 'I need to get online, please.', style: 'implicit' }],
  tools: { allow: ['set_wifi_status', 'get_wifi_status', 'set_low_battery_mode_status', 'get_low_battery_mode_status', 'set_cellular_service_status'] },
  milestones: [
    { name: 'low battery mode off', constraints: [{ kind: 'updated', table: 'settings', rows: [{ low_battery_mode: false, wifi: false }] }] },
    { name: 'wifi on', constraints: [{ kind: 'updated', table: 'settings', rows: [{ low_battery_mode: false, wifi: true }] }] },
  ],
  minefields: [{ name: 'cellular touched', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_cellular_service_status' }] }] }],
  reference: [
    { agent: 'call', calls: [{ tool: 'set_low_battery_mode_status', arguments: { on: false } }] },
    { agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] },
    { agent: 'say', content: 'Low battery mode was blocking Wi-Fi; I switched it off and Wi-Fi is on now.' },
    { user: 'end' },
  ],
})
