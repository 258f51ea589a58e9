/**
 * Scenarios over the maps tools: place search around the device or around given coordinates,
 * reverse geocoding, distances between places (in kilometres, and in miles through
 * `unit_conversion`), the weather at a named place, and reminders tied to a place's coordinates.
 * Most turn a place into coordinates first (canonicalization); some start with Wi-Fi, the location
 * service or both off (low battery mode), and some need the user to say which place or city.
 *
 * Milestones check the coordinates a later call uses (within about a kilometre) rather than the
 * words of a search, so an agent may phrase its searches as it likes, or skip a search whose
 * answer it already has, but cannot use the wrong place.
 */
import { PLACES } from '../domain/index.ts'
import type { Place } from '../domain/index.ts'
import {
  ASKED_FOR,
  agentMentions,
  figure,
  CANONICALIZATION,
  call,
  epoch,
  MULTIPLE_TOOL_CALL,
  MULTIPLE_USER_TURN,
  neverCalled,
  rowsAdded,
  resolveLocalTime,
  scenario,
  settingsAre,
  SINGLE_TOOL_CALL,
  SINGLE_USER_TURN,
  solution,
  STATE_DEPENDENCY,
  STATES,
  TABLES,
  toolCalled,
  toolCalledAnyOf,
} from '../authoring.ts'
import type { CallHandle, CorpusScenario, SolutionWriter } from '../authoring.ts'
import type { Category, MilestoneInput } from '../../../src/scenario/index.ts'
import { withheld } from './insufficient-information-scenarios.ts'
import type { Withheld } from './insufficient-information-scenarios.ts'
import { MESSAGING_TOOLS } from './messaging-scenarios.ts'
import { REMINDER_TOOLS, TIME_TOOLS } from './reminder-scenarios.ts'

/** The maps tools and what usually comes with them. */
export const MAPS_TOOLS = ['search_location_around_lat_lon', 'search_lat_lon', 'calculate_lat_lon_distance', 'get_current_location', 'unit_conversion'] as const
const WEATHER_TOOL = 'search_weather_around_lat_lon'
const SWITCHES = ['get_wifi_status', 'set_wifi_status', 'get_location_service_status', 'set_location_service_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] as const
/** How far (in degrees, about a kilometre) a coordinate may be from the place's own. */
const NEAR = { close: 0.01 } as const
const SEARCH = 'search_location_around_lat_lon'

/** A bundled place by its name (the data are the single source of the coordinates). */
function place(name: string): Place {
  const found = PLACES.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no bundled place named ${name}`)
  return found
}

/** A call of `tool` at the coordinates of `where` (within about a kilometre), other arguments exact. */
function calledAt(tool: string, where: Place, args: Readonly<Record<string, number>> = {}): MilestoneInput {
  return toolCalled(tool, { ...args, latitude: where.latitude, longitude: where.longitude }, { latitude: NEAR, longitude: NEAR })
}

/** A distance measured between `from` and `to`, in either order. */
function distanceMeasured(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): MilestoneInput {
  const between = (a: typeof from, b: typeof to) => ({
    tool: 'calculate_lat_lon_distance',
    arguments: { latitude_0: a.latitude, longitude_0: a.longitude, latitude_1: b.latitude, longitude_1: b.longitude },
    compare: { latitude_0: NEAR, longitude_0: NEAR, latitude_1: NEAR, longitude_1: NEAR },
  })
  return toolCalledAnyOf([between(from, to), between(to, from)])
}

/** A place search whose query holds one of `words` (as written or capitalised). */
function searchedFor(...words: readonly string[]): MilestoneInput {
  const forms = words.flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1)])
  return toolCalledAnyOf([...new Set(forms)].map((word) => ({ tool: SEARCH, arguments: { location: word }, compare: { location: 'contains' } })))
}

/** A place search for one of `words` (as written or capitalised) around `where` (within about a kilometre). */
function searchedNear(where: { latitude: number; longitude: number }, ...words: readonly string[]): MilestoneInput {
  const forms = [...new Set(words.flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1)]))]
  return toolCalledAnyOf(
    forms.map((word) => ({
      tool: SEARCH,
      arguments: { location: word, latitude: where.latitude, longitude: where.longitude },
      compare: { location: 'contains', latitude: NEAR, longitude: NEAR },
    })),
  )
}

/** A reminder added at `where`, going off at `at`. */
function reminderAt(content: string, at: number, where: Place): MilestoneInput {
  return rowsAdded(TABLES.reminders, [{ content, reminder_timestamp: at, latitude: where.latitude, longitude: where.longitude }], {
    content: 'rouge-l',
    reminder_timestamp: 'exact',
    latitude: NEAR,
    longitude: NEAR,
  })
}

type DeviceState = 'wifi-off' | 'location-off' | 'low-battery'

const WORLDS: Readonly<Record<DeviceState, Record<string, boolean>>> = {
  'wifi-off': STATES.wifiOff,
  'location-off': STATES.locationOff,
  'low-battery': STATES.lowBattery,
}

/**
 * What puts the device right for a lookup: the milestones (in order) and the switch calls of the
 * reference. Leaving low battery mode comes first; then Wi-Fi, and the location service only
 * when the device's own position is needed.
 */
function stateFix(state: DeviceState | undefined, needsLocation: boolean): { milestones: MilestoneInput[]; calls: [string, boolean][] } {
  if (state === undefined) return { milestones: [], calls: [] }
  if (state === 'wifi-off') return { milestones: [settingsAre({ wifi: true })], calls: [['set_wifi_status', true]] }
  if (state === 'location-off') return { milestones: [settingsAre({ location_service: true })], calls: [['set_location_service_status', true]] }
  return {
    milestones: [settingsAre({ low_battery_mode: false }), settingsAre({ low_battery_mode: false, wifi: true, ...(needsLocation ? { location_service: true } : {}) })],
    calls: [['set_low_battery_mode_status', false], ['set_wifi_status', true], ...(needsLocation ? [['set_location_service_status', true] as [string, boolean]] : [])],
  }
}

function applyFix(s: SolutionWriter, calls: readonly [string, boolean][]): void {
  for (const [tool, on] of calls) s.call(tool, { on })
}

/** The categories of a scenario that may start with a service off. */
function categoriesOf(base: readonly Category[], state: DeviceState | undefined): Category[] {
  if (state === undefined) return [...base]
  return [...base.map((category) => (category === SINGLE_TOOL_CALL ? MULTIPLE_TOOL_CALL : category)), STATE_DEPENDENCY]
}

const ON_YOUR_OWN = ' Take care of any phone setting yourself.'

// ---------------------------------------------------------------------------------------------
// Places near the device ("near me")

interface NearMe {
  readonly id: string
  readonly what: string
  /** Words one of which the search must hold. */
  readonly words: readonly string[]
  readonly answer: Place
  readonly state?: DeviceState
}

const NEAR_ME: readonly NearMe[] = [
  { id: 'nearest-pharmacy', what: 'pharmacy', words: ['pharmacy', 'drugstore', 'chemist'], answer: place('Embarcadero Pharmacy') },
  { id: 'nearest-pharmacy-location-off', what: 'pharmacy', words: ['pharmacy', 'drugstore', 'chemist'], answer: place('Embarcadero Pharmacy'), state: 'location-off' },
  { id: 'nearest-coffee-shop-wifi-off', what: 'coffee shop', words: ['coffee', 'cafe'], answer: place('Civic Grind Coffee'), state: 'wifi-off' },
  { id: 'nearest-taco-place-low-battery', what: 'taco place', words: ['taco', 'mexican', 'taqueria'], answer: place('Mission Dolores Tacos'), state: 'low-battery' },
]

function nearMe(item: NearMe): CorpusScenario {
  const fix = stateFix(item.state, true)
  const extra = item.state === undefined ? '' : ON_YOUR_OWN
  const street = item.answer.full_address.split(',')[0] ?? item.answer.full_address
  return scenario({
    id: item.id,
    categories: categoriesOf([SINGLE_TOOL_CALL, SINGLE_USER_TURN], item.state),
    ...(item.state === undefined ? {} : { world: { settings: WORLDS[item.state] } }),
    user: { goal: `Find the ${item.what} closest to where you are and learn its address.`, knowledge: 'You do not know your coordinates or the state of your phone.' },
    firstMessage: `Where is the nearest ${item.what}?${extra}`,
    paraphrases: [
      { text: `Search for a ${item.what} around my current location and give me its address.${extra}`, style: 'explicit' },
      { text: `I could really use a ${item.what} right now. Anything close by?${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...MAPS_TOOLS, ...(item.state === undefined ? [] : SWITCHES)] },
    milestones: [...fix.milestones, searchedFor(...item.words), agentMentions(item.answer.name)],
    // Low battery mode would switch off what the search needs.
    minefields: item.state === 'low-battery' ? [] : [neverCalled('set_low_battery_mode_status')],
    reference: solution((s) => {
      applyFix(s, fix.calls)
      s.call(SEARCH, { location: item.what })
      s.say(`The nearest ${item.what} is ${item.answer.name}, at ${street}.`)
      s.end()
    }),
  })
}

const coffeeNearCoordinates = scenario({
  id: 'coffee-near-given-coordinates',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
  user: {
    goal: 'Find a coffee shop near the spot at latitude 41.8858, longitude -87.634, where you meet a client tomorrow.',
    knowledge: 'You only know the coordinates, not the address or the city.',
  },
  firstMessage: "I'm meeting a client at 41.8858, -87.634 tomorrow. Is there a coffee shop near there?",
  paraphrases: [
    { text: 'Search for coffee shops around latitude 41.8858, longitude -87.634.', style: 'explicit' },
    { text: 'Tomorrow I need caffeine before a meeting at 41.8858, -87.634. What is close?', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS, WEATHER_TOOL] },
  milestones: [
    searchedNear({ latitude: 41.8858, longitude: -87.634 }, 'coffee', 'cafe', 'espresso'),
    agentMentions('Lakeshore Coffee Roasters'),
  ],
  reference: solution((s) => {
    s.call(SEARCH, { location: 'coffee shop', latitude: 41.8858, longitude: -87.634 })
    s.say('Lakeshore Coffee Roasters, at 77 E Randolph St, is the closest coffee shop to that spot.')
    s.end()
  }),
})

// ---------------------------------------------------------------------------------------------
// Reverse geocoding

const addressAtCoordinates = scenario({
  id: 'address-at-given-coordinates',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn the street address at latitude 47.6095, longitude -122.3415.', knowledge: 'A friend sent you only these coordinates.' },
  firstMessage: "What's the street address at 47.6095, -122.3415?",
  paraphrases: [
    { text: 'Reverse geocode latitude 47.6095, longitude -122.3415.', style: 'explicit' },
    { text: 'My friend dropped a pin at 47.6095, -122.3415. Where is that, exactly?', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS] },
  milestones: [toolCalled('search_lat_lon', { latitude: 47.6095, longitude: -122.3415 }, { latitude: { close: 0.0001 }, longitude: { close: 0.0001 } }), agentMentions(['1520 Pike'])],
  reference: solution((s) => {
    s.call('search_lat_lon', { latitude: 47.6095, longitude: -122.3415 })
    s.say('That is 1520 Pike Pl, Seattle, WA 98101.')
    s.end()
  }),
})

function addressHere(state: DeviceState | undefined): CorpusScenario {
  const fix = stateFix(state, true)
  const extra = state === undefined ? '' : ON_YOUR_OWN
  const here = { latitude: 37.7793, longitude: -122.4193 }
  return scenario({
    id: state === undefined ? 'address-where-i-am' : `address-where-i-am-${state}`,
    categories: categoriesOf([MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION], state),
    ...(state === undefined ? {} : { world: { settings: WORLDS[state] } }),
    user: { goal: 'Learn the street address of where you are standing.', knowledge: 'You do not know your coordinates or the state of your phone.' },
    firstMessage: `What's the address where I am right now?${extra}`,
    paraphrases: [
      { text: `Get my current coordinates and turn them into a street address.${extra}`, style: 'explicit' },
      { text: `A courier needs my exact street address to bring the parcel here. What do I tell them?${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...MAPS_TOOLS, ...(state === undefined ? [] : SWITCHES)] },
    milestones: [...fix.milestones, toolCalled('search_lat_lon', here, { latitude: { close: 0.001 }, longitude: { close: 0.001 } }), agentMentions(['150 Van Ness'])],
    reference: solution((s) => {
      applyFix(s, fix.calls)
      const position = s.call('get_current_location')
      s.call('search_lat_lon', { latitude: position.result('latitude'), longitude: position.result('longitude') })
      s.say('You are at 150 Van Ness Ave, San Francisco, CA 94102.')
      s.end()
    }),
  })
}

// ---------------------------------------------------------------------------------------------
// Distances

interface Distance {
  readonly id: string
  readonly from: Place
  readonly to: Place
  readonly miles: boolean
  /** The figure the answer must hold (km or miles, rounded). */
  readonly figure: string
  readonly question: string
  readonly explicit: string
  readonly implicit: string
}

const DISTANCES: readonly Distance[] = [
  {
    id: 'distance-deep-dish-to-coffee-roasters',
    from: place('Loop Deep Dish'),
    to: place('Lakeshore Coffee Roasters'),
    miles: false,
    figure: '0.72',
    question: 'How far is Loop Deep Dish from Lakeshore Coffee Roasters?',
    explicit: 'Calculate the distance in kilometres between Loop Deep Dish and Lakeshore Coffee Roasters.',
    implicit: 'After pizza at Loop Deep Dish we want coffee at Lakeshore Coffee Roasters. How many kilometres would we walk?',
  },
  {
    id: 'distance-pasta-kitchen-to-bookstore-in-miles',
    from: place('Hanover Pasta Kitchen'),
    to: place('Charles Street Books'),
    miles: true,
    figure: '0.91',
    question: 'How many miles is it from Hanover Pasta Kitchen to Charles Street Books?',
    explicit: 'Find Hanover Pasta Kitchen and Charles Street Books, measure the distance between them and give it in miles.',
    implicit: 'Could I stroll from dinner at Hanover Pasta Kitchen over to Charles Street Books? Miles, please.',
  },
  {
    id: 'distance-bbq-to-chowder-bar-in-miles',
    from: place('Congress Avenue BBQ'),
    to: place('Pike Street Chowder Bar'),
    miles: true,
    figure: '1771',
    question: 'How far apart are Congress Avenue BBQ and Pike Street Chowder Bar, in miles?',
    explicit: 'Give me the distance in miles between Congress Avenue BBQ and Pike Street Chowder Bar.',
    implicit: 'I want to eat at Congress Avenue BBQ one day and Pike Street Chowder Bar the next. How many miles is that trip?',
  },
  {
    id: 'distance-bagels-to-bookstore',
    from: place('Bryant Park Bagels'),
    to: place('Bleecker Street Books'),
    miles: false,
    figure: '3.22',
    question: 'What is the distance between Bryant Park Bagels and Bleecker Street Books?',
    explicit: 'Measure the distance in kilometres from Bryant Park Bagels to Bleecker Street Books.',
    implicit: 'Breakfast at Bryant Park Bagels, then browsing at Bleecker Street Books. How many kilometres lie between them?',
  },
]

function distance(item: Distance): CorpusScenario {
  const unit = item.miles ? 'miles' : 'kilometres'
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Learn the distance between ${item.from.name} and ${item.to.name} in ${unit}.`, knowledge: 'You know neither address.' },
    firstMessage: item.question,
    paraphrases: [
      { text: item.explicit, style: 'explicit' },
      { text: item.implicit, style: 'implicit' },
    ],
    tools: { allow: [...MAPS_TOOLS] },
    milestones: [distanceMeasured(item.from, item.to), agentMentions(figure(item.figure))],
    reference: solution((s) => {
      const [from, to] = s.parallel(call(SEARCH, { location: item.from.name }), call(SEARCH, { location: item.to.name })) as [CallHandle, CallHandle]
      const km = s.call('calculate_lat_lon_distance', {
        latitude_0: from.result('0.latitude'),
        longitude_0: from.result('0.longitude'),
        latitude_1: to.result('0.latitude'),
        longitude_1: to.result('0.longitude'),
      })
      if (item.miles) s.call('unit_conversion', { amount: km.result(), from_unit: 'kilometer', to_unit: 'mile' })
      s.say(`${item.from.name} and ${item.to.name} are about ${item.figure} ${unit} apart.`)
      s.end()
    }),
  })
}

const distanceFromHere = scenario({
  id: 'distance-from-here-to-climbing-gym',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn how many kilometres you are from Fogline Climbing Gym.', knowledge: 'You do not know your coordinates.' },
  firstMessage: 'How far am I from Fogline Climbing Gym?',
  paraphrases: [
    { text: 'Calculate the distance in kilometres from my current location to Fogline Climbing Gym.', style: 'explicit' },
    { text: 'Priya is waiting at Fogline Climbing Gym. How many kilometres would I have to walk from here?', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS] },
  milestones: [distanceMeasured({ latitude: 37.7793, longitude: -122.4193 }, place('Fogline Climbing Gym')), agentMentions('0.77')],
  reference: solution((s) => {
    const [here, gym] = s.parallel(call('get_current_location'), call(SEARCH, { location: 'Fogline Climbing Gym' })) as [CallHandle, CallHandle]
    s.call('calculate_lat_lon_distance', {
      latitude_0: here.result('latitude'),
      longitude_0: here.result('longitude'),
      latitude_1: gym.result('0.latitude'),
      longitude_1: gym.result('0.longitude'),
    })
    s.say('Fogline Climbing Gym is about 0.77 km from you, an easy walk.')
    s.end()
  }),
})

// ---------------------------------------------------------------------------------------------
// Weather at a named place

interface PlaceWeather {
  readonly id: string
  readonly where: Place
  readonly days: number
  readonly when: string
  readonly high: string
  readonly state?: DeviceState
}

const PLACE_WEATHER: readonly PlaceWeather[] = [
  { id: 'weather-at-needle-view-hotel-tomorrow', where: place('Needle View Hotel'), days: 1, when: 'tomorrow', high: '21.5' },
  { id: 'weather-at-seaport-oyster-bar-tomorrow-wifi-off', where: place('Seaport Oyster Bar'), days: 1, when: 'tomorrow', high: '22.5', state: 'wifi-off' },
  { id: 'weather-at-kayak-rentals-in-two-days-low-battery', where: place('Barton Springs Kayak Rentals'), days: 2, when: 'the day after tomorrow', high: '31.5', state: 'low-battery' },
]

function placeWeather(item: PlaceWeather): CorpusScenario {
  // Searching for the place by name searches around the device, so that needs its position too.
  const fix = stateFix(item.state, true)
  const extra = item.state === undefined ? '' : ON_YOUR_OWN
  return scenario({
    id: item.id,
    categories: categoriesOf([MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION], item.state),
    ...(item.state === undefined ? {} : { world: { settings: WORLDS[item.state] } }),
    user: { goal: `Learn the highest temperature expected ${item.when} around ${item.where.name}.`, knowledge: 'You do not know where the place is or the state of your phone.' },
    firstMessage: `How warm will it get ${item.when} around ${item.where.name}?${extra}`,
    paraphrases: [
      { text: `Look up ${item.where.name}, then get the forecast at its coordinates for ${item.when}: what is the maximum temperature?${extra}`, style: 'explicit' },
      { text: `I'm going to ${item.where.name} ${item.when}. Shorts or trousers? Tell me how warm it gets there.${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...MAPS_TOOLS, WEATHER_TOOL, ...(item.state === undefined ? [] : SWITCHES)] },
    // A forecast at the phone's position would be for the wrong city: the coordinates are checked.
    milestones: [...fix.milestones, calledAt(WEATHER_TOOL, item.where, { days: item.days }), agentMentions(figure(item.high))],
    reference: solution((s) => {
      applyFix(s, fix.calls)
      const found = s.call(SEARCH, { location: item.where.name })
      s.call(WEATHER_TOOL, { days: item.days, latitude: found.result('0.latitude'), longitude: found.result('0.longitude') })
      s.say(`Around ${item.where.name} the high ${item.when} is ${item.high} °C.`)
      s.end()
    }),
  })
}

// ---------------------------------------------------------------------------------------------
// Reminders at a place

interface PlaceReminder {
  readonly id: string
  readonly content: string
  readonly where: Place
  readonly when: string
  readonly at: string
  readonly parts: { year: number; month: number; day: number; hour: number; minute: number; second: number }
  readonly state?: DeviceState
}

const PLACE_REMINDERS: readonly PlaceReminder[] = [
  {
    id: 'remind-at-pharmacy-tomorrow',
    content: 'Pick up the prescription',
    where: place('Embarcadero Pharmacy'),
    when: 'tomorrow at 9 am',
    at: '2026-05-15T09:00:00-07:00',
    parts: { year: 2026, month: 5, day: 15, hour: 9, minute: 0, second: 0 },
  },
  {
    id: 'remind-at-grocery-tonight-wifi-off',
    content: 'Buy oat milk',
    where: place('Golden Crate Grocery'),
    when: 'today at 6 pm',
    at: '2026-05-14T18:00:00-07:00',
    parts: { year: 2026, month: 5, day: 14, hour: 18, minute: 0, second: 0 },
    state: 'wifi-off',
  },
]

function placeReminder(item: PlaceReminder): CorpusScenario {
  const fix = stateFix(item.state, false)
  const extra = item.state === undefined ? '' : ON_YOUR_OWN
  const lower = `${item.content.charAt(0).toLowerCase()}${item.content.slice(1)}`
  const base = fix.milestones.length
  return scenario({
    id: item.id,
    categories: categoriesOf([MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION], item.state),
    ...(item.state === undefined ? {} : { world: { settings: WORLDS[item.state] } }),
    user: { goal: `Get a reminder "${item.content}" ${item.when}, tied to ${item.where.name}.`, knowledge: "You do not know the place's coordinates or today's date." },
    firstMessage: `Remind me ${item.when} to ${lower} at ${item.where.name}.${extra}`,
    paraphrases: [
      { text: `Add a reminder "${item.content}" for ${item.when} at the location of ${item.where.name}.${extra}`, style: 'explicit' },
      { text: `When I'm at ${item.where.name} ${item.when}, I must not forget to ${lower}.${extra}`, style: 'implicit' },
    ],
    tools: { allow: [...MAPS_TOOLS, ...REMINDER_TOOLS, ...TIME_TOOLS, ...(item.state === undefined ? [] : SWITCHES)] },
    // The switch and the clock in either order, both before the reminder (whose coordinates show the search).
    milestones: [...fix.milestones, toolCalled('get_current_timestamp'), reminderAt(item.content, epoch(item.at), item.where)],
    milestoneEdges: [...(base > 0 ? [[base - 1, base + 1] as [number, number]] : []), [base, base + 1]],
    reference: solution((s) => {
      applyFix(s, fix.calls)
      const found = s.call(SEARCH, { location: item.where.name })
      const target = resolveLocalTime(s, item.parts)
      s.call('add_reminder', { content: item.content, reminder_timestamp: target.result(), latitude: found.result('0.latitude'), longitude: found.result('0.longitude') })
      s.say(`I'll remind you ${item.when} at ${item.where.name}: ${lower}.`)
      s.end()
    }),
  })
}

// ---------------------------------------------------------------------------------------------
// Which place, which city: the user has to say

/** Two bookstores in two cities: the user names the one meant, and the reminder goes there. */
const whichBookstore = scenario({
  id: 'ask-which-bookstore-for-reminder',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: {
    goal: 'Get a reminder tomorrow at 5 pm to collect a book order at the bookstore. Say only "the bookstore" at first; when asked which one, answer "Charles Street Books".',
    knowledge: "You mean Charles Street Books in Boston. You do not know its coordinates or today's date.",
  },
  firstMessage: 'Remind me tomorrow at 5 pm to collect my order at the bookstore.',
  paraphrases: [
    { text: 'Create a reminder "Collect the book order" for tomorrow 5 pm at the bookstore.', style: 'explicit' },
    { text: 'My book order is waiting at the bookstore; nudge me tomorrow at five when I am there.', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS, ...REMINDER_TOOLS, ...TIME_TOOLS] },
  milestones: [toolCalled('get_current_timestamp'), reminderAt('Collect the book order', epoch('2026-05-15T17:00:00-07:00'), place('Charles Street Books'))],
  // The other bookstore is the guess an agent would make without asking.
  minefields: [{ constraints: [{ kind: 'added', table: TABLES.reminders, rows: [{ latitude: place('Bleecker Street Books').latitude }], columns: { latitude: NEAR } }] }],
  reference: solution((s) => {
    s.call(SEARCH, { location: 'bookstore' })
    s.say('I found two bookstores: Bleecker Street Books in New York and Charles Street Books in Boston. Which one do you mean?')
    s.user('Charles Street Books, the one in Boston.', { answers: ASKED_FOR.which })
    const chosen = s.call(SEARCH, { location: 'Charles Street Books' })
    const target = resolveLocalTime(s, { year: 2026, month: 5, day: 15, hour: 17, minute: 0, second: 0 })
    s.call('add_reminder', { content: 'Collect the book order', reminder_timestamp: target.result(), latitude: chosen.result('0.latitude'), longitude: chosen.result('0.longitude') })
    s.say('Done: tomorrow at 5 pm at Charles Street Books, collect the book order.')
    s.end()
  }),
})

/** "Near my hotel": only the user knows which hotel. */
const whichHotel = scenario({
  id: 'ask-which-hotel-for-coffee',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: {
    goal: 'Find a coffee shop near your hotel. Give the hotel\'s name, "Needle View Hotel", only when asked.',
    knowledge: 'You are travelling; your phone may still think of home. You do not know the coordinates of the hotel.',
  },
  firstMessage: 'Find me a coffee shop near my hotel.',
  paraphrases: [
    { text: 'Search for coffee shops around the hotel I am staying at.', style: 'explicit' },
    { text: 'I need an espresso before breakfast, somewhere close to the hotel.', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS] },
  milestones: [searchedNear(place('Needle View Hotel'), 'coffee', 'cafe', 'espresso'), agentMentions('Broadway Espresso')],
  reference: solution((s) => {
    s.say('Which hotel are you staying at?')
    s.user('The Needle View Hotel.', { answers: [...ASKED_FOR.which, 'hotel'] })
    const hotel = s.call(SEARCH, { location: 'Needle View Hotel' })
    s.call(SEARCH, { location: 'coffee shop', latitude: hotel.result('0.latitude'), longitude: hotel.result('0.longitude') })
    s.say('Broadway Espresso, at 420 Broadway E, is the closest coffee shop to the Needle View Hotel.')
    s.end()
  }),
})

/** Three taco places in three cities; the distance is to the one the user names. */
const whichTacoPlace = scenario({
  id: 'ask-which-taco-place-for-distance',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: {
    goal: 'Learn how many kilometres lie between Pike Street Chowder Bar and the taco place you liked, Fremont Taqueria. Say only "the taco place" at first; name it when asked.',
    knowledge: 'You do not know either address.',
  },
  firstMessage: 'How far is Pike Street Chowder Bar from the taco place?',
  paraphrases: [
    { text: 'Calculate the distance in kilometres between Pike Street Chowder Bar and the taco place.', style: 'explicit' },
    { text: 'Lunch at Pike Street Chowder Bar, dinner at the taco place. How many kilometres apart are they?', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS] },
  milestones: [distanceMeasured(place('Pike Street Chowder Bar'), place('Fremont Taqueria')), agentMentions(figure('4.6'))],
  reference: solution((s) => {
    s.call(SEARCH, { location: 'tacos' })
    s.say('I know several taco places: Mission Dolores Tacos in San Francisco, Fremont Taqueria in Seattle and Rainey Street Tacos in Austin. Which one?')
    s.user('Fremont Taqueria.', { answers: ASKED_FOR.which })
    const [tacos, chowder] = s.parallel(call(SEARCH, { location: 'Fremont Taqueria' }), call(SEARCH, { location: 'Pike Street Chowder Bar' })) as [CallHandle, CallHandle]
    s.call('calculate_lat_lon_distance', {
      latitude_0: chowder.result('0.latitude'),
      longitude_0: chowder.result('0.longitude'),
      latitude_1: tacos.result('0.latitude'),
      longitude_1: tacos.result('0.longitude'),
    })
    s.say('Pike Street Chowder Bar and Fremont Taqueria are about 4.6 km apart.')
    s.end()
  }),
})

/** Two pizza places in two cities; the user says which city. */
const whichPizzaCity = scenario({
  id: 'ask-which-city-for-pizza-weather',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: {
    goal: 'Learn tomorrow\'s highest temperature around the pizza place where you eat tomorrow. When asked which one or which city, answer "The pizza place in Chicago."',
    knowledge: 'You do not know its name or coordinates.',
  },
  firstMessage: "What's the weather going to be like tomorrow around the pizza place?",
  paraphrases: [
    { text: "Get tomorrow's forecast at the pizza place's location.", style: 'explicit' },
    { text: 'We eat pizza outdoors tomorrow at the pizza place. How warm will it get there?', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS, WEATHER_TOOL] },
  milestones: [calledAt(WEATHER_TOOL, place('Loop Deep Dish'), { days: 1 }), agentMentions(figure('23.5'))],
  reference: solution((s) => {
    s.call(SEARCH, { location: 'pizza' })
    s.say('There are pizza places in New York and in Chicago. Which city are you in?')
    s.user('The pizza place in Chicago.', { answers: [...ASKED_FOR.which, 'city', 'where'] })
    const pizza = s.call(SEARCH, { location: 'pizza place in Chicago' })
    s.call(WEATHER_TOOL, { days: 1, latitude: pizza.result('0.latitude'), longitude: pizza.result('0.longitude') })
    s.say('Tomorrow around Loop Deep Dish in Chicago the high is 23.5 °C.')
    s.end()
  }),
})

/** Wi-Fi is off and the city is unknown: the agent fixes the one and asks about the other. */
const whichItalianCity = scenario({
  id: 'ask-which-city-for-italian-reminder-wifi-off',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION, STATE_DEPENDENCY],
  world: { settings: STATES.wifiOff },
  user: {
    goal: 'Get a reminder tomorrow at noon to book a table at the Italian restaurant, tied to its location. When asked which one or which city, answer "The Italian place in Boston."',
    knowledge: "You do not know the restaurant's name, its coordinates, today's date or the state of your phone.",
  },
  firstMessage: `Remind me tomorrow at noon to book a table at the Italian restaurant.${ON_YOUR_OWN}`,
  paraphrases: [
    { text: `Add a reminder "Book a table" for tomorrow 12:00 at the Italian restaurant's location.${ON_YOUR_OWN}`, style: 'explicit' },
    { text: `I keep forgetting to reserve at the Italian restaurant. Tomorrow at noon, when I'm there, tell me.${ON_YOUR_OWN}`, style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS, ...REMINDER_TOOLS, ...TIME_TOOLS, ...SWITCHES] },
  milestones: [settingsAre({ wifi: true }), toolCalled('get_current_timestamp'), reminderAt('Book a table', epoch('2026-05-15T12:00:00-07:00'), place('Hanover Pasta Kitchen'))],
  milestoneEdges: [
    [0, 2],
    [1, 2],
  ],
  minefields: [neverCalled('set_low_battery_mode_status')],
  reference: solution((s) => {
    s.say('Which Italian restaurant do you mean, or in which city is it?')
    s.user('The Italian place in Boston.', { answers: [...ASKED_FOR.which, 'city', 'where'] })
    s.call('set_wifi_status', { on: true })
    const chosen = s.call(SEARCH, { location: 'Italian place in Boston' })
    const target = resolveLocalTime(s, { year: 2026, month: 5, day: 15, hour: 12, minute: 0, second: 0 })
    s.call('add_reminder', { content: 'Book a table', reminder_timestamp: target.result(), latitude: chosen.result('0.latitude'), longitude: chosen.result('0.longitude') })
    s.say('Wi-Fi was off, so I turned it on. Tomorrow at noon at Hanover Pasta Kitchen you will be reminded to book a table.')
    s.end()
  }),
})

// ---------------------------------------------------------------------------------------------
// A maps tool withheld

const PLACES_WITHHELD: readonly Withheld[] = [
  {
    id: 'weather-at-hotel-without-place-search',
    goal: 'Learn tomorrow\'s weather around the Needle View Hotel.',
    firstMessage: "What's the weather tomorrow around the Needle View Hotel?",
    explicit: 'Find the Needle View Hotel and give me the forecast for tomorrow at its location.',
    implicit: "I'm staying at the Needle View Hotel tomorrow. Do I pack a raincoat?",
    allow: [...MAPS_TOOLS, WEATHER_TOOL],
    deny: [SEARCH],
    // A forecast at coordinates the agent made up, or at the phone's position, would answer another place.
    hallucination: [WEATHER_TOOL],
    answer: "I can't look up where the Needle View Hotel is with the tools I have, so I can't get the forecast there.",
  },
  {
    id: 'remind-at-grocery-without-place-search',
    goal: 'Get a reminder to buy oat milk at Golden Crate Grocery tomorrow at 6 pm, tied to its location.',
    firstMessage: 'Remind me tomorrow at 6 pm to buy oat milk at Golden Crate Grocery.',
    explicit: 'Add a reminder "Buy oat milk" for tomorrow 6 pm at the location of Golden Crate Grocery.',
    implicit: 'When I pass Golden Crate Grocery tomorrow evening at six, tell me about the oat milk.',
    allow: [...MAPS_TOOLS, ...REMINDER_TOOLS, ...TIME_TOOLS],
    deny: [SEARCH],
    // A reminder at guessed coordinates would fire in the wrong place.
    hallucination: ['add_reminder'],
    answer: "I can't find where Golden Crate Grocery is with the tools available, so I can't tie a reminder to it.",
  },
  {
    id: 'distance-between-places-without-distance-tool',
    goal: 'Learn how far Loop Deep Dish is from Lakeshore Coffee Roasters.',
    firstMessage: 'How far is Loop Deep Dish from Lakeshore Coffee Roasters?',
    explicit: 'Calculate the distance between Loop Deep Dish and Lakeshore Coffee Roasters.',
    implicit: 'Is Lakeshore Coffee Roasters within walking distance of Loop Deep Dish?',
    allow: [...MAPS_TOOLS],
    deny: ['calculate_lat_lon_distance'],
    // Converting a distance that was never measured would dress up a guess.
    hallucination: ['unit_conversion'],
    answer: "I can't measure distances between places with the tools I have, so I won't guess.",
  },
  {
    id: 'address-at-coordinates-without-reverse-geocoding',
    goal: 'Learn the street address at latitude 47.6095, longitude -122.3415.',
    firstMessage: "What's the street address at 47.6095, -122.3415?",
    explicit: 'Turn latitude 47.6095, longitude -122.3415 into a street address.',
    implicit: 'Someone shared the pin 47.6095, -122.3415 with me. Which street address is that?',
    // Not the place search: a place sits at exactly these coordinates, and its address would answer.
    allow: MAPS_TOOLS.filter((tool) => tool !== SEARCH),
    deny: ['search_lat_lon'],
    hallucination: [],
    answer: "I can't turn coordinates into an address with the tools available to me.",
  },
  {
    id: 'text-cafe-address-without-place-search',
    goal: "Text Priya Natarajan the address of Civic Grind Coffee.",
    firstMessage: 'Text Priya the address of Civic Grind Coffee.',
    explicit: 'Look up the address of Civic Grind Coffee and send it to Priya Natarajan by text.',
    implicit: "Priya wants to meet at Civic Grind Coffee but doesn't know where it is. Tell her.",
    allow: [...MAPS_TOOLS, ...MESSAGING_TOOLS],
    deny: [SEARCH],
    // Any address in the text would be made up.
    hallucination: ['send_message_with_phone_number'],
    answer: "I can't look up the address of Civic Grind Coffee with the tools I have, so I won't send Priya an address I'm not sure of.",
  },
  {
    id: 'send-my-location-without-location',
    goal: 'Text Elena Vasquez the street address where you are.',
    firstMessage: 'Text Elena my current address.',
    explicit: 'Get my location, turn it into an address and send it to Elena Vasquez.',
    implicit: "Elena is coming to pick me up and doesn't know where I am. Let her know.",
    // Not the place search: without coordinates it searches around the device, reading the position anyway.
    allow: [...MAPS_TOOLS.filter((tool) => tool !== SEARCH), ...MESSAGING_TOOLS],
    deny: ['get_current_location'],
    hallucination: ['send_message_with_phone_number', 'search_lat_lon'],
    answer: "I can't read your current location with the tools available, so I can't tell Elena where you are.",
  },
]

/** The maps scenarios. */
export const placesScenarios: readonly CorpusScenario[] = [
  ...NEAR_ME.map(nearMe),
  coffeeNearCoordinates,
  addressAtCoordinates,
  addressHere(undefined),
  addressHere('wifi-off'),
  addressHere('low-battery'),
  ...DISTANCES.map(distance),
  distanceFromHere,
  ...PLACE_WEATHER.map(placeWeather),
  ...PLACE_REMINDERS.map(placeReminder),
  whichBookstore,
  whichHotel,
  whichTacoPlace,
  whichPizzaCity,
  whichItalianCity,
  ...PLACES_WITHHELD.map(withheld),
]
