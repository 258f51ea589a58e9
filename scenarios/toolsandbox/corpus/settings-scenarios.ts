/**
 * Scenarios about the device's own switches: Wi-Fi, cellular service, location service and low
 * battery mode, including the nested case where low battery mode must go off before a service
 * can come on.
 */
import {
  agentMentions,
  MULTIPLE_TOOL_CALL,
  neverCalled,
  scenario,
  settingsAre,
  SINGLE_TOOL_CALL,
  SINGLE_USER_TURN,
  solution,
  STATE_DEPENDENCY,
  STATES,
  toolCalled,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'

/** Every settings tool: the natural tool set of a settings scenario. */
export const SETTINGS_TOOLS = [
  'get_wifi_status',
  'set_wifi_status',
  'get_cellular_service_status',
  'set_cellular_service_status',
  'get_location_service_status',
  'set_location_service_status',
  'get_low_battery_mode_status',
  'set_low_battery_mode_status',
] as const

interface Service {
  readonly key: string
  readonly setter: string
  readonly getter: string
  /** How people call it. */
  readonly spoken: string
  /** An implicit way to ask for it on. */
  readonly wantOn: string
  /** An implicit way to ask for it off. */
  readonly wantOff: string
  /** An implicit way to ask whether it is on. */
  readonly askState: string
}

const SERVICES: readonly Service[] = [
  {
    key: 'wifi',
    setter: 'set_wifi_status',
    getter: 'get_wifi_status',
    spoken: 'Wi-Fi',
    wantOn: 'I want my phone back on the home network.',
    wantOff: "I don't want my phone joining any wireless networks right now.",
    askState: 'Could my phone join a wireless network right now, or is that switched off?',
  },
  {
    key: 'cellular',
    setter: 'set_cellular_service_status',
    getter: 'get_cellular_service_status',
    spoken: 'cellular service',
    wantOn: 'I need to be reachable by text again.',
    wantOff: "I'm abroad and don't want roaming charges from the mobile network.",
    askState: 'Could texts reach me over the mobile network right now, or is that switched off?',
  },
  {
    key: 'location_service',
    setter: 'set_location_service_status',
    getter: 'get_location_service_status',
    spoken: 'location services',
    wantOn: 'Let apps figure out where I am again.',
    wantOff: 'Stop apps from knowing where I am.',
    askState: 'Can apps see where I am at the moment, or is that switched off?',
  },
]

function turnOff(service: Service): CorpusScenario {
  return scenario({
    id: `turn-off-${service.key.replace('_', '-')}`,
    categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
    user: { goal: `Have the agent switch ${service.spoken} off.`, knowledge: 'You have no other request.' },
    firstMessage: `Please switch off ${service.spoken}.`,
    paraphrases: [
      { text: `Can you disable ${service.spoken} on my phone?`, style: 'explicit' },
      { text: service.wantOff, style: 'implicit' },
    ],
    tools: { allow: [...SETTINGS_TOOLS] },
    milestones: [settingsAre({ [service.key]: false, low_battery_mode: false })],
    // Low battery mode would also switch the service off, but it changes far more than asked.
    minefields: [neverCalled('set_low_battery_mode_status')],
    reference: solution((s) => {
      s.call(service.setter, { on: false })
      s.say(`I switched ${service.spoken} off.`)
      s.end()
    }),
  })
}

function turnOn(service: Service): CorpusScenario {
  return scenario({
    id: `turn-on-${service.key.replace('_', '-')}`,
    categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
    world: { settings: { [service.key]: false } },
    user: { goal: `Have the agent switch ${service.spoken} on.`, knowledge: 'You have no other request.' },
    firstMessage: `Turn ${service.spoken} on, please.`,
    paraphrases: [
      { text: `Enable ${service.spoken}.`, style: 'explicit' },
      { text: service.wantOn, style: 'implicit' },
    ],
    tools: { allow: [...SETTINGS_TOOLS] },
    milestones: [settingsAre({ [service.key]: true })],
    reference: solution((s) => {
      s.call(service.setter, { on: true })
      s.say(`Done, I switched ${service.spoken} on.`)
      s.end()
    }),
  })
}

function turnOnInLowBattery(service: Service): CorpusScenario {
  return scenario({
    id: `turn-on-${service.key.replace('_', '-')}-in-low-battery-mode`,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, STATE_DEPENDENCY],
    world: { settings: STATES.lowBattery },
    user: {
      goal: `Have the agent switch ${service.spoken} on. If asked, you do not mind leaving low battery mode.`,
      knowledge: 'You do not know that low battery mode is on.',
    },
    firstMessage: `Switch on ${service.spoken}. Sort out whatever is in the way yourself.`,
    paraphrases: [
      { text: `I need ${service.spoken} enabled; fix any problem without asking me.`, style: 'explicit' },
      { text: `${service.wantOn} Handle it on your own.`, style: 'implicit' },
    ],
    tools: { allow: [...SETTINGS_TOOLS] },
    milestones: [settingsAre({ low_battery_mode: false }), settingsAre({ low_battery_mode: false, [service.key]: true })],
    reference: solution((s) => {
      s.call('set_low_battery_mode_status', { on: false })
      s.call(service.setter, { on: true })
      s.say(`Low battery mode was blocking it, so I turned that off; ${service.spoken} is on now.`)
      s.end()
    }),
  })
}

function statusQuestion(service: Service, on: boolean): CorpusScenario {
  const state = on ? 'on' : 'off'
  // "enabled" and "disabled" do not contain each other, so a contains-check tells them apart.
  const answer = on ? 'enabled' : 'disabled'
  // Other ways to say it, each with its verb so that "is not on" never reads as "on".
  const says = on
    ? [answer, 'is on', "'s on", 'is turned on', 'is switched on', 'is currently on', 'is still on', 'is active']
    : [answer, 'is off', "'s off", 'is turned off', 'is switched off', 'is currently off', 'is not on', "isn't on", 'is inactive']
  return scenario({
    id: `ask-${service.key.replace('_', '-')}-status-${state}`,
    categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
    world: { settings: { [service.key]: on } },
    user: { goal: `Find out whether ${service.spoken} is on. Do not ask for any change.`, knowledge: 'You do not know its state.' },
    firstMessage: `Is ${service.spoken} on right now?`,
    paraphrases: [
      { text: `Check whether ${service.spoken} is enabled, but don't change anything.`, style: 'explicit' },
      { text: service.askState, style: 'implicit' },
    ],
    tools: { allow: [...SETTINGS_TOOLS] },
    milestones: [toolCalled(service.getter), agentMentions(says)],
    // The user only asked; flipping the switch would be an unrequested change.
    minefields: [neverCalled(service.setter)],
    reference: solution((s) => {
      s.call(service.getter)
      s.say(`The ${service.spoken} setting is currently ${answer}.`)
      s.end()
    }),
  })
}

const lowBatteryOn = scenario({
  id: 'turn-on-low-battery-mode',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Have the agent put the phone in low battery mode.', knowledge: 'You have no other request.' },
  firstMessage: 'Put my phone in low battery mode.',
  paraphrases: [
    { text: 'Enable low battery mode, please.', style: 'explicit' },
    { text: "My battery is at 8% and I need it to last until tonight; save power.", style: 'implicit' },
  ],
  tools: { allow: [...SETTINGS_TOOLS] },
  milestones: [settingsAre({ low_battery_mode: true, wifi: false, cellular: false, location_service: false })],
  reference: solution((s) => {
    s.call('set_low_battery_mode_status', { on: true })
    s.say('Low battery mode is on; it also switched off Wi-Fi, cellular and location services.')
    s.end()
  }),
})

const lowBatteryOff = scenario({
  id: 'turn-off-low-battery-mode',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
  world: { settings: STATES.lowBattery },
  user: { goal: 'Have the agent leave low battery mode. Nothing else.', knowledge: 'You have no other request.' },
  firstMessage: 'Turn low battery mode off.',
  paraphrases: [
    { text: 'Disable the battery saver mode.', style: 'explicit' },
    { text: "I'm plugged in now, no need to save power any more.", style: 'implicit' },
  ],
  tools: { allow: [...SETTINGS_TOOLS] },
  // Leaving low battery mode does not bring the services back; the user did not ask for them.
  milestones: [settingsAre({ low_battery_mode: false, wifi: false, cellular: false, location_service: false })],
  minefields: [neverCalled('set_wifi_status')],
  reference: solution((s) => {
    s.call('set_low_battery_mode_status', { on: false })
    s.say('Low battery mode is off.')
    s.end()
  }),
})

const wifiAndLocationOn = scenario({
  id: 'turn-on-wifi-and-location',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
  world: { settings: STATES.wifiAndLocationOff },
  user: { goal: 'Have both Wi-Fi and location services switched on.', knowledge: 'You have no other request.' },
  firstMessage: 'Turn on Wi-Fi and location services.',
  paraphrases: [
    { text: 'Enable both the Wi-Fi and location service.', style: 'explicit' },
    { text: 'I want my maps to work properly at home: network and positioning both.', style: 'implicit' },
  ],
  tools: { allow: [...SETTINGS_TOOLS] },
  // The two switches are independent: either order is fine.
  milestones: [settingsAre({ wifi: true }), settingsAre({ location_service: true })],
  milestoneEdges: [],
  reference: solution((s) => {
    s.call('set_wifi_status', { on: true })
    s.call('set_location_service_status', { on: true })
    s.say('Wi-Fi and location services are both on.')
    s.end()
  }),
})

const everythingBackOn = scenario({
  id: 'restore-all-services-after-low-battery-mode',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, STATE_DEPENDENCY],
  world: { settings: STATES.lowBattery },
  user: { goal: 'Get Wi-Fi, cellular and location services all back on.', knowledge: 'You do not know that low battery mode is on.' },
  firstMessage: 'Turn Wi-Fi, cellular and location services back on. Deal with anything blocking it.',
  paraphrases: [
    { text: 'Enable Wi-Fi, cellular service and location services; resolve any issue yourself.', style: 'explicit' },
    { text: "Battery's charged. Give me all my connections back, whatever it takes.", style: 'implicit' },
  ],
  tools: { allow: [...SETTINGS_TOOLS] },
  // Low battery mode must go first; then the three services in any order (a diamond).
  milestones: [
    settingsAre({ low_battery_mode: false }),
    settingsAre({ wifi: true }),
    settingsAre({ cellular: true }),
    settingsAre({ location_service: true }),
  ],
  milestoneEdges: [
    [0, 1],
    [0, 2],
    [0, 3],
  ],
  reference: solution((s) => {
    s.call('set_low_battery_mode_status', { on: false })
    s.call('set_wifi_status', { on: true })
    s.call('set_cellular_service_status', { on: true })
    s.call('set_location_service_status', { on: true })
    s.say('Low battery mode was on; I turned it off and switched Wi-Fi, cellular and location back on.')
    s.end()
  }),
})

/** The settings scenarios. */
export const settingsScenarios: readonly CorpusScenario[] = [
  ...SERVICES.map(turnOff),
  ...SERVICES.map(turnOn),
  ...SERVICES.map(turnOnInLowBattery),
  ...SERVICES.flatMap((service) => [statusQuestion(service, true), statusQuestion(service, false)]),
  lowBatteryOn,
  lowBatteryOff,
  wifiAndLocationOn,
  everythingBackOn,
]
