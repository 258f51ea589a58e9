/**
 * More state-dependency scenarios: a service the task needs is off at the start (cellular,
 * Wi-Fi, the location service, or all three under low battery mode), so the agent must switch it
 * on before the call that needs it. The skipped fix shows as a failed call and a missed milestone.
 */
import { DEFAULT_LOCATION } from '../domain/default-world.ts'
import {
  agentMentions,
  CANONICALIZATION,
  epoch,
  MULTIPLE_TOOL_CALL,
  neverCalled,
  rowsAdded,
  resolveLocalTime,
  scenario,
  settingsAre,
  SINGLE_USER_TURN,
  solution,
  STATE_DEPENDENCY,
  STATES,
  TABLES,
  toolCalled,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { MESSAGING_TOOLS } from './messaging-scenarios.ts'
import { PEOPLE } from './people.ts'
import { REMINDER_TOOLS, TIME_TOOLS } from './reminder-scenarios.ts'
import { SETTINGS_TOOLS } from './settings-scenarios.ts'

const ONLINE_TOOLS = ['search_stock', 'convert_currency', 'search_weather_around_lat_lon', 'search_holiday'] as const
const ON_YOUR_OWN = ' Handle any phone setting yourself.'

const whereAmI = (lowBattery: boolean): CorpusScenario =>
  scenario({
    id: lowBattery ? 'my-coordinates-low-battery' : 'my-coordinates-location-off',
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, STATE_DEPENDENCY],
    world: { settings: lowBattery ? STATES.lowBattery : STATES.locationOff },
    user: { goal: 'Learn your exact latitude and longitude.', knowledge: 'You do not know the state of your phone.' },
    firstMessage: `What are my GPS coordinates?${ON_YOUR_OWN}`,
    paraphrases: [
      { text: `Read my current latitude and longitude.${ON_YOUR_OWN}`, style: 'explicit' },
      { text: `The rescue hotline wants to know exactly where I am standing.${ON_YOUR_OWN}`, style: 'implicit' },
    ],
    tools: { allow: [...SETTINGS_TOOLS, 'get_current_location'] },
    milestones: [
      ...(lowBattery ? [settingsAre({ low_battery_mode: false })] : []),
      settingsAre({ location_service: true }),
      toolCalled('get_current_location'),
      agentMentions(String(DEFAULT_LOCATION.latitude)),
    ],
    // With only the location service off, low battery mode has nothing to do with the task.
    minefields: lowBattery ? [] : [neverCalled('set_low_battery_mode_status')],
    reference: solution((s) => {
      if (lowBattery) s.call('set_low_battery_mode_status', { on: false })
      s.call('set_location_service_status', { on: true })
      s.call('get_current_location')
      s.say(`You are at latitude ${DEFAULT_LOCATION.latitude}, longitude ${DEFAULT_LOCATION.longitude}.`)
      s.end()
    }),
  })

const textMyPosition = scenario({
  id: 'text-my-coordinates-to-elena-location-off',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, STATE_DEPENDENCY],
  world: { settings: STATES.locationOff },
  user: { goal: 'Send Elena Vasquez a text with your current coordinates.', knowledge: "You do not know your coordinates, Elena's number or the state of your phone." },
  firstMessage: `Text Elena my coordinates so she can find me.${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Get my latitude and longitude and send them to Elena Vasquez.${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `Elena is looking for me at the festival. Let her know exactly where I am.${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...MESSAGING_TOOLS, ...SETTINGS_TOOLS, 'get_current_location'] },
  milestones: [
    settingsAre({ location_service: true }),
    toolCalled('get_current_location'),
    rowsAdded(TABLES.messages, [{ recipient_phone_number: PEOPLE.elena.phone, content: String(DEFAULT_LOCATION.latitude) }], { content: 'contains' }),
  ],
  reference: solution((s) => {
    s.call('set_location_service_status', { on: true })
    s.call('get_current_location')
    const elena = s.call('search_contacts', { name: 'Elena Vasquez' })
    s.call('send_message_with_phone_number', { phone_number: elena.result('0.phone_number'), content: `I'm at ${DEFAULT_LOCATION.latitude}, ${DEFAULT_LOCATION.longitude}.` })
    s.say('I turned on the location service and sent Elena your coordinates.')
    s.end()
  }),
})

const thanksgivingDate = scenario({
  id: 'date-of-thanksgiving-wifi-off',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, STATE_DEPENDENCY],
  world: { settings: STATES.wifiOff },
  user: { goal: 'Learn the date of Thanksgiving this year.', knowledge: 'You do not know the state of your phone.' },
  firstMessage: `What date is Thanksgiving this year?${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Look up the date of Thanksgiving Day this year.${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `I need to book flights home for Thanksgiving. Which day is it?${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...TIME_TOOLS, 'search_holiday', 'get_wifi_status', 'set_wifi_status'] },
  milestones: [settingsAre({ wifi: true }), toolCalled('search_holiday', { holiday_name: 'Thanksgiving' }, { holiday_name: 'contains' }), agentMentions(['November 26', 'Nov 26', 'Nov. 26', '26 November', '26th of November', '11/26'])],
  reference: solution((s) => {
    s.call('set_wifi_status', { on: true })
    const day = s.call('search_holiday', { holiday_name: 'Thanksgiving Day' })
    s.call('timestamp_to_datetime_info', { timestamp: day.result() })
    s.say('Thanksgiving this year is on Thursday, November 26.')
    s.end()
  }),
})

const amazonPrice = scenario({
  id: 'stock-price-amazon-wifi-off',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, STATE_DEPENDENCY],
  world: { settings: STATES.wifiOff },
  user: { goal: "Learn Amazon's current share price.", knowledge: 'You do not know the ticker symbol or the state of your phone.' },
  firstMessage: `What's Amazon trading at?${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Look up the current stock price of Amazon.${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `I'm thinking of selling my Amazon shares. What are they going for at the moment?${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...ONLINE_TOOLS, 'get_wifi_status', 'set_wifi_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] },
  milestones: [settingsAre({ wifi: true }), toolCalled('search_stock', { query: 'Amazon' }, { query: 'contains' }), agentMentions('189.73')],
  minefields: [neverCalled('set_low_battery_mode_status')],
  reference: solution((s) => {
    s.call('set_wifi_status', { on: true })
    s.call('search_stock', { query: 'Amazon' })
    s.say('Amazon (AMZN) trades at 189.73 US dollars.')
    s.end()
  }),
})

const poundsToYen = scenario({
  id: 'convert-pounds-to-yen-low-battery',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, STATE_DEPENDENCY],
  world: { settings: STATES.lowBattery },
  user: { goal: 'Learn what 200 British pounds are in Japanese yen.', knowledge: 'You do not know the exchange rate or the state of your phone.' },
  firstMessage: `How many yen do I get for 200 pounds?${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Convert 200 GBP to JPY.${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `I'm changing 200 British pounds before my flight to Tokyo. What will I have?${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...ONLINE_TOOLS, 'get_wifi_status', 'set_wifi_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] },
  milestones: [
    settingsAre({ low_battery_mode: false }),
    settingsAre({ low_battery_mode: false, wifi: true }),
    toolCalled('convert_currency', { amount: 200, from_currency_code: 'GBP', to_currency_code: 'JPY' }),
    agentMentions('38278.48'),
  ],
  reference: solution((s) => {
    s.call('set_low_battery_mode_status', { on: false })
    s.call('set_wifi_status', { on: true })
    s.call('convert_currency', { amount: 200, from_currency_code: 'GBP', to_currency_code: 'JPY' })
    s.say('200 British pounds are 38278.48 Japanese yen.')
    s.end()
  }),
})

const textAndRemind = scenario({
  id: 'text-marcus-and-remind-cellular-off',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, STATE_DEPENDENCY],
  world: { settings: STATES.cellularOff },
  user: {
    goal: 'Text Marcus Bell "The slides will be with you by 3 pm." and get a reminder today at 2:30 pm to send the slides.',
    knowledge: "You do not know Marcus's number, the date or the state of your phone.",
  },
  firstMessage: `Tell Marcus "The slides will be with you by 3 pm." and remind me at 2:30 pm today to send them.${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Text Marcus Bell "The slides will be with you by 3 pm." Then add a reminder "Send the slides to Marcus" for today 14:30.${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `Promise my boss the slides by 3 pm ("The slides will be with you by 3 pm.") and make sure I don't forget at half past two.${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...MESSAGING_TOOLS, ...REMINDER_TOOLS, ...TIME_TOOLS, ...SETTINGS_TOOLS] },
  milestones: [
    settingsAre({ cellular: true }),
    rowsAdded(TABLES.messages, [{ recipient_phone_number: PEOPLE.marcus.phone, content: 'The slides will be with you by 3 pm.' }], { content: 'rouge-l' }),
    toolCalled('get_current_timestamp'),
    rowsAdded(TABLES.reminders, [{ content: 'Send the slides to Marcus', reminder_timestamp: epoch('2026-05-14T14:30:00-07:00') }], { content: 'rouge-l', reminder_timestamp: 'exact' }),
  ],
  // The text needs cellular; the reminder does not, so it may come before or after the text.
  milestoneEdges: [
    [0, 1],
    [2, 3],
  ],
  minefields: [neverCalled('set_low_battery_mode_status')],
  reference: solution((s) => {
    s.call('set_cellular_service_status', { on: true })
    const marcus = s.call('search_contacts', { name: 'Marcus Bell' })
    s.call('send_message_with_phone_number', { phone_number: marcus.result('0.phone_number'), content: 'The slides will be with you by 3 pm.' })
    const target = resolveLocalTime(s, { year: 2026, month: 5, day: 14, hour: 14, minute: 30, second: 0 })
    s.call('add_reminder', { content: 'Send the slides to Marcus', reminder_timestamp: target.result() })
    s.say('Marcus has your message, and you will be reminded at 2:30 pm to send the slides.')
    s.end()
  }),
})

const replyToPriya = scenario({
  id: 'reply-to-priya-low-battery',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, STATE_DEPENDENCY],
  world: { settings: STATES.lowBattery },
  user: { goal: 'Answer Priya Natarajan\'s question about climbing with "Yes! See you Saturday at 10."', knowledge: "You do not know Priya's number or the state of your phone." },
  firstMessage: `Reply to Priya: "Yes! See you Saturday at 10."${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Send Priya Natarajan the message "Yes! See you Saturday at 10."${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `Priya asked about climbing. Tell her: Yes! See you Saturday at 10.${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...MESSAGING_TOOLS, ...SETTINGS_TOOLS] },
  milestones: [
    settingsAre({ low_battery_mode: false }),
    settingsAre({ low_battery_mode: false, cellular: true }),
    rowsAdded(TABLES.messages, [{ recipient_phone_number: PEOPLE.priya.phone, content: 'Yes! See you Saturday at 10.' }], { content: 'rouge-l' }),
  ],
  reference: solution((s) => {
    s.call('set_low_battery_mode_status', { on: false })
    s.call('set_cellular_service_status', { on: true })
    const priya = s.call('search_contacts', { name: 'Priya Natarajan' })
    s.call('send_message_with_phone_number', { phone_number: priya.result('0.phone_number'), content: 'Yes! See you Saturday at 10.' })
    s.say('Low battery mode was blocking texts; I turned it off, switched cellular on and replied to Priya.')
    s.end()
  }),
})

/** The further state-dependency scenarios. */
export const moreStateScenarios: readonly CorpusScenario[] = [whereAmI(false), whereAmI(true), textMyPosition, thanksgivingDate, amazonPrice, poundsToYen, textAndRemind, replyToPriya]
