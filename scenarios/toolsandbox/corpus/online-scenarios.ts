/**
 * Scenarios over the online tools (stock quotes, currency conversion, weather), which need Wi-Fi
 * and, for "here", the location service; the answers come from the bundled offline data.
 */
import {
  agentMentions,
  figure,
  CANONICALIZATION,
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
import { withheld } from './insufficient-information-scenarios.ts'
import type { Withheld } from './insufficient-information-scenarios.ts'

const SWITCHES = ['get_wifi_status', 'set_wifi_status', 'get_location_service_status', 'set_location_service_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] as const
const ONLINE_TOOLS = ['search_stock', 'convert_currency', 'search_weather_around_lat_lon', 'get_current_location', 'search_location_around_lat_lon'] as const

type DeviceState = 'wifi-off' | 'location-off' | 'wifi-and-location-off' | 'low-battery'

/** The milestones and reference calls that put the device right for an online lookup. */
function stateFix(state: DeviceState | undefined, needsLocation: boolean) {
  if (state === undefined) return { milestones: [], calls: [] as [string, boolean][] }
  if (state === 'wifi-off') return { milestones: [settingsAre({ wifi: true })], calls: [['set_wifi_status', true]] as [string, boolean][] }
  if (state === 'location-off') return { milestones: [settingsAre({ location_service: true })], calls: [['set_location_service_status', true]] as [string, boolean][] }
  if (state === 'wifi-and-location-off')
    return {
      milestones: [settingsAre({ wifi: true }), settingsAre({ location_service: true })],
      calls: [
        ['set_wifi_status', true],
        ['set_location_service_status', true],
      ] as [string, boolean][],
    }
  const calls: [string, boolean][] = [['set_low_battery_mode_status', false], ['set_wifi_status', true], ...(needsLocation ? [['set_location_service_status', true] as [string, boolean]] : [])]
  return {
    milestones: [settingsAre({ low_battery_mode: false }), settingsAre({ low_battery_mode: false, wifi: true, ...(needsLocation ? { location_service: true } : {}) })],
    calls,
  }
}

const WORLDS: Readonly<Record<DeviceState, Record<string, boolean>>> = {
  'wifi-off': STATES.wifiOff,
  'location-off': STATES.locationOff,
  'wifi-and-location-off': STATES.wifiAndLocationOff,
  'low-battery': STATES.lowBattery,
}

interface Quote {
  readonly id: string
  readonly company: string
  readonly key: string
  readonly price: string
  readonly state?: DeviceState
}

const QUOTES: readonly Quote[] = [
  { id: 'stock-price-apple', company: 'Apple', key: 'Apple', price: '212.44' },
  { id: 'stock-price-microsoft', company: 'Microsoft', key: 'Microsoft', price: '438.2' },
  { id: 'stock-price-nvidia', company: 'NVIDIA', key: 'NVIDIA', price: '124.58' },
  { id: 'stock-price-tesla-wifi-off', company: 'Tesla', key: 'Tesla', price: '181.27', state: 'wifi-off' },
  { id: 'stock-price-google-wifi-off', company: 'Google', key: 'Google', price: '171.36', state: 'wifi-off' },
  { id: 'stock-price-apple-low-battery', company: 'Apple', key: 'Apple', price: '212.44', state: 'low-battery' },
]

function stockPrice(item: Quote): CorpusScenario {
  const fix = stateFix(item.state, false)
  const extra = item.state === undefined ? '' : ' Take care of any phone setting yourself.'
  return scenario({
    id: item.id,
    categories: [item.state === undefined ? SINGLE_TOOL_CALL : MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, ...(item.state === undefined ? [] : [STATE_DEPENDENCY])],
    ...(item.state === undefined ? {} : { world: { settings: WORLDS[item.state] } }),
    user: { goal: `Learn the current share price of ${item.company}.`, knowledge: 'You do not know the ticker symbol or the state of your phone.' },
    firstMessage: `What's ${item.company}'s stock price?${extra}`,
    paraphrases: [
      { text: `Look up the current share price of ${item.company}.${extra}`, style: 'explicit' },
      { text: `How is ${item.company} trading right now?${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...ONLINE_TOOLS, ...(item.state === undefined ? [] : SWITCHES)] },
    milestones: [...fix.milestones, toolCalled('search_stock', { query: item.key }, { query: 'contains' }), agentMentions(figure(item.price))],
    reference: solution((s) => {
      for (const [tool, on] of fix.calls) s.call(tool, { on })
      s.call('search_stock', { query: item.key })
      s.say(`${item.company} trades at ${item.price} US dollars.`)
      s.end()
    }),
  })
}

interface Conversion {
  readonly id: string
  readonly spoken: string
  readonly amount: number
  readonly from: string
  readonly to: string
  readonly result: string
  readonly state?: DeviceState
}

const CONVERSIONS: readonly Conversion[] = [
  { id: 'convert-dollars-to-euros', spoken: '250 dollars in euros', amount: 250, from: 'USD', to: 'EUR', result: '230' },
  { id: 'convert-dollars-to-yen', spoken: '1200 US dollars in Japanese yen', amount: 1200, from: 'USD', to: 'JPY', result: '181440' },
  { id: 'convert-pounds-to-dollars', spoken: '80 British pounds in US dollars', amount: 80, from: 'GBP', to: 'USD', result: '101.27' },
  { id: 'convert-canadian-dollars-to-euros-wifi-off', spoken: '500 Canadian dollars in euros', amount: 500, from: 'CAD', to: 'EUR', result: '335.77', state: 'wifi-off' },
  { id: 'convert-dollars-to-euros-low-battery', spoken: '250 dollars in euros', amount: 250, from: 'USD', to: 'EUR', result: '230', state: 'low-battery' },
]

function convert(item: Conversion): CorpusScenario {
  const fix = stateFix(item.state, false)
  const extra = item.state === undefined ? '' : ' Fix whatever blocks it on your own.'
  return scenario({
    id: item.id,
    categories: [item.state === undefined ? SINGLE_TOOL_CALL : MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, ...(item.state === undefined ? [] : [STATE_DEPENDENCY])],
    ...(item.state === undefined ? {} : { world: { settings: WORLDS[item.state] } }),
    user: { goal: `Learn what ${item.spoken} comes to.`, knowledge: 'You do not know the exchange rate.' },
    firstMessage: `How much is ${item.spoken}?${extra}`,
    paraphrases: [
      { text: `Convert ${item.spoken}.${extra}`, style: 'explicit' },
      { text: `I have ${item.spoken.replace(' in ', ' and want ')}; what do I get?${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...ONLINE_TOOLS, ...(item.state === undefined ? [] : SWITCHES)] },
    milestones: [...fix.milestones, toolCalled('convert_currency', { amount: item.amount, from_currency_code: item.from, to_currency_code: item.to }), agentMentions(figure(item.result))],
    reference: solution((s) => {
      for (const [tool, on] of fix.calls) s.call(tool, { on })
      s.call('convert_currency', { amount: item.amount, from_currency_code: item.from, to_currency_code: item.to })
      s.say(`That comes to ${item.result} ${item.to}.`)
      s.end()
    }),
  })
}

interface LocalWeather {
  readonly id: string
  readonly days: number
  readonly when: string
  readonly high: string
  readonly state?: DeviceState
}

const LOCAL_WEATHER: readonly LocalWeather[] = [
  { id: 'weather-here-today', days: 0, when: 'today', high: '20.5' },
  { id: 'weather-here-tomorrow', days: 1, when: 'tomorrow', high: '21.5' },
  { id: 'weather-here-today-wifi-off', days: 0, when: 'today', high: '20.5', state: 'wifi-off' },
  { id: 'weather-here-tomorrow-location-off', days: 1, when: 'tomorrow', high: '21.5', state: 'location-off' },
  { id: 'weather-here-today-low-battery', days: 0, when: 'today', high: '20.5', state: 'low-battery' },
  // Both services the lookup needs are off (two independent fixes), two days ahead.
  { id: 'weather-here-day-after-tomorrow-wifi-and-location-off', days: 2, when: 'the day after tomorrow', high: '19.5', state: 'wifi-and-location-off' },
]

function localWeather(item: LocalWeather): CorpusScenario {
  const fix = stateFix(item.state, true)
  const extra = item.state === undefined ? '' : ' Sort out any setting that is in the way.'
  return scenario({
    id: item.id,
    categories: [item.state === undefined ? SINGLE_TOOL_CALL : MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, ...(item.state === undefined ? [] : [STATE_DEPENDENCY])],
    ...(item.state === undefined ? {} : { world: { settings: WORLDS[item.state] } }),
    user: { goal: `Learn the highest temperature expected ${item.when} where you are.`, knowledge: 'You do not know your coordinates.' },
    firstMessage: `How warm will it get here ${item.when}?${extra}`,
    paraphrases: [
      { text: `What is the maximum temperature ${item.when} at my current location?${extra}`, style: 'explicit' },
      { text: `Do I need a jacket ${item.when}? Tell me the high around here.${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...ONLINE_TOOLS, ...(item.state === undefined ? [] : SWITCHES)] },
    milestones: [...fix.milestones, toolCalled('search_weather_around_lat_lon', { days: item.days }), agentMentions(figure(item.high))],
    // Switching Wi-Fi and the location service on are independent: either order, both before the lookup.
    ...(item.state === 'wifi-and-location-off'
      ? {
          milestoneEdges: [
            [0, 2],
            [1, 2],
            [2, 3],
          ] as [number, number][],
        }
      : {}),
    // Low battery mode would switch off exactly what the lookup needs.
    minefields: item.state === 'low-battery' ? [] : [neverCalled('set_low_battery_mode_status')],
    reference: solution((s) => {
      for (const [tool, on] of fix.calls) s.call(tool, { on })
      s.call('search_weather_around_lat_lon', { days: item.days })
      s.say(`The high ${item.when} is ${item.high} °C.`)
      s.end()
    }),
  })
}

const ONLINE_WITHHELD: readonly Withheld[] = [
  ...['Apple', 'Tesla'].map(
    (company): Withheld => ({
      id: `stock-price-${company.toLowerCase()}-without-stock-search`,
      goal: `Learn ${company}'s share price.`,
      firstMessage: `What is ${company}'s share price?`,
      explicit: `Look up the stock price of ${company}.`,
      implicit: `Is ${company} stock doing well today?`,
      allow: [...ONLINE_TOOLS],
      deny: ['search_stock'],
      hallucination: [],
      answer: "I can't look up stock prices with the tools available, so I can't tell you.",
    }),
  ),
  ...(
    [
      ['convert-dollars-to-euros-without-converter', '100 dollars', 'euros'],
      ['convert-yen-to-dollars-without-converter', '5000 yen', 'US dollars'],
    ] as const
  ).map(
    ([id, amount, to]): Withheld => ({
      id,
      goal: `Learn what ${amount} is in ${to}.`,
      firstMessage: `How much is ${amount} in ${to}?`,
      explicit: `Convert ${amount} to ${to}.`,
      implicit: `I've got ${amount} left over; what's that in ${to}?`,
      allow: [...ONLINE_TOOLS, 'unit_conversion'],
      deny: ['convert_currency'],
      // Currencies are not units; a unit conversion would make up a rate.
      hallucination: ['unit_conversion'],
      answer: "I can't convert currencies with the tools I have, and I won't guess an exchange rate.",
    }),
  ),
  ...(
    [
      ['weather-today-without-weather-tool', 'today'],
      ['weather-tomorrow-without-weather-tool', 'tomorrow'],
    ] as const
  ).map(
    ([id, when]): Withheld => ({
      id,
      goal: `Learn the weather ${when} where you are.`,
      firstMessage: `What's the weather like here ${when}?`,
      explicit: `Give me the forecast for my location ${when}.`,
      implicit: `Should I bring an umbrella ${when}?`,
      allow: [...ONLINE_TOOLS],
      deny: ['search_weather_around_lat_lon'],
      hallucination: [],
      answer: "I can't get weather information with the tools available to me.",
    }),
  ),
  {
    id: 'find-coffee-nearby-without-place-search',
    goal: 'Find a coffee shop near you.',
    firstMessage: 'Find me a coffee shop nearby.',
    explicit: 'Search for coffee shops around my current location.',
    implicit: 'I need caffeine. Anything close?',
    allow: [...ONLINE_TOOLS],
    deny: ['search_location_around_lat_lon'],
    hallucination: [],
    answer: "I can't search for places with the tools I have here.",
  },
]

/** The online scenarios. */
export const onlineScenarios: readonly CorpusScenario[] = [...QUOTES.map(stockPrice), ...CONVERSIONS.map(convert), ...LOCAL_WEATHER.map(localWeather), ...ONLINE_WITHHELD.map(withheld)]
