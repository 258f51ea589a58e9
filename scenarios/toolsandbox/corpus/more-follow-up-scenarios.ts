/**
 * More multiple-user-turn scenarios, over currencies, stocks, weather, holidays and reminders:
 * the first message leaves out what only the user knows (which currency, how much, which company,
 * which day, which reminder, which holiday, when), so a correct agent asks. Each answer holds a
 * value that ends up in a tool call, so guessing instead of asking shows in the milestones.
 */
import { DEFAULT_LOCATION, DEFAULT_REMINDER_IDS } from '../domain/default-world.ts'
import {
  agentMentions,
  ASKED_FOR,
  CANONICALIZATION,
  epoch,
  MULTIPLE_TOOL_CALL,
  MULTIPLE_USER_TURN,
  neverCalled,
  rowsAdded,
  rowsRemoved,
  resolveLocalTime,
  scenario,
  SINGLE_TOOL_CALL,
  solution,
  TABLES,
  toolCalled,
  toolCalledAnyOf,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { MAPS_TOOLS } from './places-scenarios.ts'
import { REMINDER_TOOLS, TIME_TOOLS } from './reminder-scenarios.ts'

const ONLINE_TOOLS = ['search_stock', 'convert_currency', 'search_weather_around_lat_lon', 'get_current_location'] as const

const whichCurrency = scenario({
  id: 'ask-which-currency-to-convert-to',
  categories: [SINGLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn what 300 US dollars come to for your trip. When asked which currency, answer "Mexican pesos, MXN."', knowledge: 'You do not know the exchange rate.' },
  firstMessage: 'Convert 300 dollars for my trip.',
  paraphrases: [
    { text: 'Convert 300 US dollars into the currency of my holiday destination.', style: 'explicit' },
    { text: "I'm taking 300 dollars abroad. How much will I have there?", style: 'implicit' },
  ],
  tools: { allow: [...ONLINE_TOOLS] },
  milestones: [toolCalled('convert_currency', { amount: 300, from_currency_code: 'USD', to_currency_code: 'MXN' }), agentMentions('5130')],
  reference: solution((s) => {
    s.say('Which currency should I convert the 300 dollars into?')
    s.user('Mexican pesos, MXN.', { answers: [...ASKED_FOR.which, 'currency'] })
    s.call('convert_currency', { amount: 300, from_currency_code: 'USD', to_currency_code: 'MXN' })
    s.say('300 US dollars are 5130 Mexican pesos.')
    s.end()
  }),
})

const howMuchToConvert = scenario({
  id: 'ask-how-many-pounds-to-convert',
  categories: [SINGLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn what your British pounds are worth in euros. When asked how much, answer "450 pounds."', knowledge: 'You do not know the exchange rate.' },
  firstMessage: 'I want to change my British pounds into euros. What will I get?',
  paraphrases: [
    { text: 'Convert my pounds sterling to euros.', style: 'explicit' },
    { text: "I have some leftover pounds from London and I'm off to Paris next. What will they be worth there?", style: 'implicit' },
  ],
  tools: { allow: [...ONLINE_TOOLS] },
  milestones: [toolCalled('convert_currency', { amount: 450, from_currency_code: 'GBP', to_currency_code: 'EUR' }), agentMentions('524.05')],
  reference: solution((s) => {
    s.say('How many pounds do you have?')
    s.user('450 pounds.', { answers: ASKED_FOR.amount })
    s.call('convert_currency', { amount: 450, from_currency_code: 'GBP', to_currency_code: 'EUR' })
    s.say('450 British pounds are 524.05 euros.')
    s.end()
  }),
})

const whichCompany = scenario({
  id: 'ask-which-company-for-stock-price',
  categories: [SINGLE_TOOL_CALL, MULTIPLE_USER_TURN],
  user: { goal: 'Learn the share price of the company you hold shares in and how it moved today. When asked which company, answer "Starbucks."', knowledge: 'You do not know the ticker symbol.' },
  firstMessage: 'How is my stock doing today?',
  paraphrases: [
    { text: 'Look up the current share price of the company I invested in.', style: 'explicit' },
    { text: 'Did my shares go up today?', style: 'implicit' },
  ],
  tools: { allow: [...ONLINE_TOOLS] },
  milestones: [
    toolCalledAnyOf([
      { tool: 'search_stock', arguments: { query: 'Starbucks' }, compare: { query: 'contains' } },
      { tool: 'search_stock', arguments: { query: 'SBUX' } },
    ]),
    agentMentions('79.86'),
  ],
  reference: solution((s) => {
    s.say('Which company are your shares in?')
    s.user('Starbucks.', { answers: [...ASKED_FOR.which, 'company', 'stock'] })
    s.call('search_stock', { query: 'Starbucks' })
    s.say('Starbucks (SBUX) trades at 79.86 US dollars, down 1.06 (1.31 %) from the previous close.')
    s.end()
  }),
})

const whichDay = scenario({
  id: 'ask-which-day-for-hike-weather',
  categories: [SINGLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: {
    goal: 'Learn the chance of rain where you are on the day of your hike. When asked when it is, answer "This Sunday, 3 days from now."',
    knowledge: 'You hike near home. You do not know your coordinates.',
  },
  firstMessage: 'Will it rain on the day of my hike?',
  paraphrases: [
    { text: 'Get the chance of rain at my location for the day of my hike.', style: 'explicit' },
    { text: 'Do I need to pack rain gear for the hike?', style: 'implicit' },
  ],
  tools: { allow: [...ONLINE_TOOLS] },
  milestones: [toolCalled('search_weather_around_lat_lon', { days: 3 }), agentMentions('50')],
  reference: solution((s) => {
    s.say('When is your hike?')
    s.user('This Sunday, 3 days from now.', { answers: ASKED_FOR.time })
    s.call('search_weather_around_lat_lon', { days: 3 })
    s.say('On Sunday the chance of rain here is 50 %, so pack a rain jacket.')
    s.end()
  }),
})

const whichReminder = scenario({
  id: 'ask-which-reminder-to-delete',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN],
  user: { goal: 'Delete one reminder. When asked which, answer "The one about the suit from the dry cleaner."', knowledge: 'You picked up the suit already.' },
  firstMessage: 'Delete one of my reminders.',
  paraphrases: [
    { text: 'Remove a reminder for me.', style: 'explicit' },
    { text: 'One of my reminders is no longer needed.', style: 'implicit' },
  ],
  tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
  milestones: [rowsRemoved(TABLES.reminders, [{ reminder_id: DEFAULT_REMINDER_IDS[2] }])],
  // Deleting either of the other two reminders is a guess.
  minefields: [
    { constraints: [{ kind: 'removed', table: TABLES.reminders, rows: [{ reminder_id: DEFAULT_REMINDER_IDS[0] }] }] },
    { constraints: [{ kind: 'removed', table: TABLES.reminders, rows: [{ reminder_id: DEFAULT_REMINDER_IDS[1] }] }] },
  ],
  reference: solution((s) => {
    s.say('Which reminder should I delete?')
    s.user('The one about the suit from the dry cleaner.', { answers: ASKED_FOR.which })
    const found = s.call('search_reminder', { content: 'suit from the dry cleaner' })
    s.call('remove_reminder', { reminder_id: found.result('0.reminder_id') })
    s.say('The dry cleaner reminder is deleted.')
    s.end()
  }),
})

const whichHoliday = scenario({
  id: 'ask-which-holiday-to-count-down',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn how many days remain until your favourite holiday. When asked which holiday, answer "Labor Day."', knowledge: "You do not know today's date or the holiday's date." },
  firstMessage: 'How many days until my favourite holiday?',
  paraphrases: [
    { text: 'Count the days from today until the holiday I like best.', style: 'explicit' },
    { text: "I'm counting down to my favourite day off of the year. How long to go?", style: 'implicit' },
  ],
  tools: { allow: [...TIME_TOOLS, 'search_holiday'] },
  milestones: [toolCalled('search_holiday', { holiday_name: 'Labor' }, { holiday_name: 'contains' }), toolCalled('get_current_timestamp'), agentMentions(['115 days', '115 full days', '115 more days', '115 whole days'])],
  milestoneEdges: [
    [0, 2],
    [1, 2],
  ],
  reference: solution((s) => {
    s.say('Which holiday do you mean?')
    s.user('Labor Day.', { answers: ASKED_FOR.which })
    const holiday = s.call('search_holiday', { holiday_name: 'Labor Day' })
    const now = s.call('get_current_timestamp')
    s.call('timestamp_diff', { timestamp_0: now.result(), timestamp_1: holiday.result() })
    s.say('Labor Day is 115 days away.')
    s.end()
  }),
})

const whenHere = scenario({
  id: 'ask-when-to-remind-here',
  categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Get a reminder "Lock the bike" tied to where you are now. When asked for the time, answer "Tonight at 21:30."', knowledge: 'You do not know your coordinates.' },
  firstMessage: 'Remind me to lock the bike, here.',
  paraphrases: [
    { text: 'Add a reminder "Lock the bike" at my current location.', style: 'explicit' },
    { text: 'I always forget the bike lock at this spot. Nudge me later.', style: 'implicit' },
  ],
  tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS, 'get_current_location'] },
  milestones: [
    toolCalled('get_current_timestamp'),
    rowsAdded(
      TABLES.reminders,
      [{ content: 'Lock the bike', reminder_timestamp: epoch('2026-05-14T21:30:00-07:00'), latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude }],
      { content: 'rouge-l', reminder_timestamp: 'exact', latitude: { close: 0.001 }, longitude: { close: 0.001 } },
    ),
  ],
  reference: solution((s) => {
    s.say('When should I remind you?')
    s.user('Tonight at 21:30.', { answers: ASKED_FOR.time })
    const here = s.call('get_current_location')
    const target = resolveLocalTime(s, { year: 2026, month: 5, day: 14, hour: 21, minute: 30, second: 0 })
    s.call('add_reminder', { content: 'Lock the bike', reminder_timestamp: target.result(), latitude: here.result('latitude'), longitude: here.result('longitude') })
    s.say('I will remind you here tonight at 21:30 to lock the bike.')
    s.end()
  }),
})

const howFarRun = scenario({
  id: 'ask-how-far-to-convert-to-miles',
  categories: [SINGLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn the length of your run in miles. When asked how far you ran, answer "21.1 kilometers."', knowledge: 'You know the distance only in kilometres.' },
  firstMessage: 'Convert my run to miles.',
  paraphrases: [
    { text: 'Convert the distance of my run from kilometres to miles.', style: 'explicit' },
    { text: 'My American friends want to know how long my run was. They only understand miles.', style: 'implicit' },
  ],
  tools: { allow: [...MAPS_TOOLS] },
  milestones: [toolCalled('unit_conversion', { amount: 21.1 }), agentMentions('13.11')],
  minefields: [neverCalled('calculate_lat_lon_distance')],
  reference: solution((s) => {
    s.say('How far did you run?')
    s.user('21.1 kilometers.', { answers: ASKED_FOR.distance })
    s.call('unit_conversion', { amount: 21.1, from_unit: 'kilometer', to_unit: 'mile' })
    s.say('21.1 km is 13.11 miles.')
    s.end()
  }),
})

/** The further multiple-user-turn scenarios. */
export const moreFollowUpScenarios: readonly CorpusScenario[] = [whichCurrency, howMuchToConvert, whichCompany, whichDay, whichReminder, whichHoliday, whenHere, howFarRun]
