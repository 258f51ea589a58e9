/**
 * Scenarios about dates, times and holidays, worked out with the time tools from the scenario's
 * frozen clock (Thursday 14 May 2026, 10:00 in Los Angeles).
 */
import {
  agentMentions,
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
  together,
  toolCalled,
  toolCalledAnyOf,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { PEOPLE } from './people.ts'
import { TIME_TOOLS } from './reminder-scenarios.ts'

const TIME_AND_HOLIDAY_TOOLS = [...TIME_TOOLS, 'search_holiday', 'seconds_to_hours_minutes_seconds'] as const
const WIFI_TOOLS = ['get_wifi_status', 'set_wifi_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] as const

const todaysDate = scenario({
  id: 'what-is-the-date-today',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: "Learn today's date and weekday.", knowledge: 'You do not know the date.' },
  firstMessage: "What's the date today?",
  paraphrases: [
    { text: 'Tell me the current date and the day of the week.', style: 'explicit' },
    { text: 'I lost track of the days this week. Where are we?', style: 'implicit' },
  ],
  tools: { allow: [...TIME_AND_HOLIDAY_TOOLS] },
  milestones: [toolCalled('get_current_timestamp'), agentMentions(['May 14', '14 May', 'May 14th', '14th of May', '5/14', '2026-05-14'])],
  reference: solution((s) => {
    const now = s.call('get_current_timestamp')
    s.call('timestamp_to_datetime_info', { timestamp: now.result() })
    s.say('Today is Thursday, May 14, 2026.')
    s.end()
  }),
})

const currentTime = scenario({
  id: 'what-time-is-it',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn the current local time.', knowledge: 'You do not know the time.' },
  firstMessage: 'What time is it?',
  paraphrases: [
    { text: 'Give me the current local time in hours and minutes.', style: 'explicit' },
    { text: 'My watch battery died and I have no idea what hour it is.', style: 'implicit' },
  ],
  tools: { allow: [...TIME_AND_HOLIDAY_TOOLS] },
  milestones: [toolCalled('get_current_timestamp'), agentMentions(['10:00', '10 am', '10am', '10 a.m', "10 o'clock", "ten o'clock"])],
  reference: solution((s) => {
    const now = s.call('get_current_timestamp')
    s.call('timestamp_to_datetime_info', { timestamp: now.result() })
    s.say("It's 10:00 in the morning.")
    s.end()
  }),
})

interface HolidayCountdown {
  readonly id: string
  readonly holiday: string
  readonly spoken: string
  /** A word any sensible search for the holiday contains. */
  readonly key: string
  readonly days: number
  readonly state?: 'wifi-off' | 'low-battery'
}

const COUNTDOWNS: readonly HolidayCountdown[] = [
  { id: 'days-until-independence-day', holiday: 'Independence Day', spoken: 'the Fourth of July', key: 'Independence', days: 50 },
  { id: 'days-until-christmas', holiday: 'Christmas Day', spoken: 'Christmas', key: 'Christmas', days: 224 },
  { id: 'days-until-labor-day', holiday: 'Labor Day', spoken: 'Labor Day', key: 'Labor', days: 115 },
  { id: 'days-until-memorial-day-wifi-off', holiday: 'Memorial Day', spoken: 'Memorial Day', key: 'Memorial', days: 10, state: 'wifi-off' },
  { id: 'days-until-thanksgiving-low-battery', holiday: 'Thanksgiving Day', spoken: 'Thanksgiving', key: 'Thanksgiving', days: 195, state: 'low-battery' },
]

function countdown(item: HolidayCountdown): CorpusScenario {
  const fix =
    item.state === 'wifi-off' ? [settingsAre({ wifi: true })] : item.state === 'low-battery' ? [settingsAre({ low_battery_mode: false }), settingsAre({ wifi: true })] : []
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, ...(item.state === undefined ? [] : [STATE_DEPENDENCY])],
    ...(item.state === undefined ? {} : { world: { settings: item.state === 'wifi-off' ? STATES.wifiOff : STATES.lowBattery } }),
    user: { goal: `Find out how many full days remain until ${item.spoken} this year.`, knowledge: "You do not know today's date or the holiday's date." },
    firstMessage: `How many days until ${item.spoken}?${item.state === undefined ? '' : ' Fix any phone setting you need to.'}`,
    paraphrases: [
      { text: `Count the days from now until ${item.holiday} this year.${item.state === undefined ? '' : ' Resolve problems yourself.'}`, style: 'explicit' },
      { text: `I'm counting down to ${item.spoken}. How long is left?${item.state === undefined ? '' : ' Sort out any issue alone.'}`, style: 'implicit' },
    ],
    tools: { allow: [...TIME_AND_HOLIDAY_TOOLS, ...(item.state === undefined ? [] : WIFI_TOOLS)] },
    milestones: [...fix, toolCalled('search_holiday', { holiday_name: item.key }, { holiday_name: 'contains' }), toolCalled('get_current_timestamp'), agentMentions([`${item.days} days`, `${item.days} full days`, `${item.days} more days`, `${item.days} whole days`])],
    milestoneEdges: [
      ...fix.map((_unused, index): [number, number] => [index, index + 1]),
      // Looking up the holiday and reading the clock may come in either order.
      [fix.length, fix.length + 2],
      [fix.length + 1, fix.length + 2],
      ...(fix.length > 0 ? [[fix.length - 1, fix.length + 2] as [number, number]] : []),
    ],
    reference: solution((s) => {
      if (item.state === 'low-battery') s.call('set_low_battery_mode_status', { on: false })
      if (item.state !== undefined) s.call('set_wifi_status', { on: true })
      const holiday = s.call('search_holiday', { holiday_name: item.holiday })
      const now = s.call('get_current_timestamp')
      s.call('timestamp_diff', { timestamp_0: now.result(), timestamp_1: holiday.result() })
      s.say(`${item.days} days (and a few hours) until ${item.spoken}.`)
      s.end()
    }),
  })
}

interface HolidayWeekday {
  readonly id: string
  readonly holiday: string
  readonly year: number
  readonly key: string
  readonly answer: string
}

const WEEKDAYS: readonly HolidayWeekday[] = [
  { id: 'weekday-of-christmas-2026', holiday: 'Christmas Day', year: 2026, key: 'Christmas', answer: 'Friday' },
  { id: 'weekday-of-independence-day-2027', holiday: 'Independence Day', year: 2027, key: 'Independence', answer: 'Sunday' },
  { id: 'weekday-of-new-years-day-2027', holiday: "New Year's Day", year: 2027, key: 'New Year', answer: 'Friday' },
]

function holidayWeekday(item: HolidayWeekday): CorpusScenario {
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Learn the weekday of ${item.holiday} ${item.year}.`, knowledge: 'You do not know it.' },
    firstMessage: `What day of the week is ${item.holiday} in ${item.year}?`,
    paraphrases: [
      { text: `Find ${item.holiday} ${item.year} and tell me its weekday.`, style: 'explicit' },
      { text: `I'm planning time off around ${item.holiday} ${item.year}. Will it land on a Monday, a Friday, or somewhere in between?`, style: 'implicit' },
    ],
    tools: { allow: [...TIME_AND_HOLIDAY_TOOLS] },
    milestones: [toolCalled('search_holiday', { holiday_name: item.key, year: item.year }, { holiday_name: 'contains' }), agentMentions(item.answer)],
    reference: solution((s) => {
      const holiday = s.call('search_holiday', { holiday_name: item.holiday, year: item.year })
      s.call('timestamp_to_datetime_info', { timestamp: holiday.result() })
      s.say(`${item.holiday} ${item.year} falls on a ${item.answer}.`)
      s.end()
    }),
  })
}

const durationInSeconds = scenario({
  id: 'seconds-as-hours-and-minutes',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn how long 7384 seconds is in hours, minutes and seconds.', knowledge: 'You have no other request.' },
  firstMessage: 'How long is 7384 seconds in hours and minutes?',
  paraphrases: [
    { text: 'Convert 7384 seconds to hours, minutes and seconds.', style: 'explicit' },
    { text: 'My run logged 7384 seconds. What is that on a normal clock?', style: 'implicit' },
  ],
  tools: { allow: [...TIME_AND_HOLIDAY_TOOLS] },
  // The three parts at the same message, in whatever punctuation the agent writes them.
  milestones: [together(agentMentions(['2 hour', '2 hr', '2h', 'two hour', '2:03:04']), agentMentions(['3 minute', '3 min', '3m', 'three minute', '2:03:04']), agentMentions(['4 second', '4 sec', '4s', 'four second', '2:03:04']))],
  reference: solution((s) => {
    s.call('seconds_to_hours_minutes_seconds', { seconds: 7384 })
    s.say('That is 2 hours, 3 minutes and 4 seconds.')
    s.end()
  }),
})

const hundredDays = scenario({
  id: 'date-in-one-hundred-days',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Learn the date 100 days from today.', knowledge: "You do not know today's date." },
  firstMessage: 'What date is it 100 days from today?',
  paraphrases: [
    { text: 'Add 100 days to the current date and tell me the result.', style: 'explicit' },
    { text: 'My visa is good for 100 more days. When does it run out?', style: 'implicit' },
  ],
  tools: { allow: [...TIME_AND_HOLIDAY_TOOLS] },
  milestones: [toolCalled('get_current_timestamp'), toolCalled('shift_timestamp', { days: 100 }), agentMentions(['August 22', 'Aug 22', 'Aug. 22', '22 August', '22nd of August', '8/22', '2026-08-22'])],
  reference: solution((s) => {
    const now = s.call('get_current_timestamp')
    const later = s.call('shift_timestamp', { timestamp: now.result(), days: 100 })
    s.call('timestamp_to_datetime_info', { timestamp: later.result() })
    s.say('100 days from today is Saturday, August 22, 2026.')
    s.end()
  }),
})

const sinceMarcus = scenario({
  id: 'how-long-since-boss-texted',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Find out how long ago Marcus Bell texted you.', knowledge: "You do not know when he wrote or Marcus's number." },
  firstMessage: 'How long ago did Marcus Bell text me?',
  paraphrases: [
    { text: "Compute the time since Marcus Bell's last message to me.", style: 'explicit' },
    { text: 'Marcus pinged me a while back; have I left him waiting long?', style: 'implicit' },
  ],
  tools: { allow: [...TIME_AND_HOLIDAY_TOOLS, 'search_contacts', 'search_messages'] },
  milestones: [
    toolCalledAnyOf([
      { tool: 'search_messages', arguments: { sender_person_id: PEOPLE.marcus.id } },
      { tool: 'search_messages', arguments: { sender_phone_number: PEOPLE.marcus.phone } },
    ]),
    toolCalled('get_current_timestamp'),
    together(agentMentions(['3 hour', '3 hr', '3h', 'three hour']), agentMentions(['12 minute', '12 min', '12m', 'twelve minute'])),
  ],
  milestoneEdges: [
    [0, 2],
    [1, 2],
  ],
  minefields: [neverCalled('send_message_with_phone_number')],
  reference: solution((s) => {
    const found = s.call('search_contacts', { name: PEOPLE.marcus.name })
    const messages = s.call('search_messages', { sender_person_id: found.result('0.person_id') })
    const now = s.call('get_current_timestamp')
    s.call('timestamp_diff', { timestamp_0: messages.result('0.creation_timestamp'), timestamp_1: now.result() })
    s.say('Marcus texted you 3 hours and 12 minutes ago.')
    s.end()
  }),
})

/** The time and holiday scenarios. */
export const timeScenarios: readonly CorpusScenario[] = [
  todaysDate,
  currentTime,
  ...COUNTDOWNS.map(countdown),
  ...WEEKDAYS.map(holidayWeekday),
  durationInSeconds,
  hundredDays,
  sinceMarcus,
]
