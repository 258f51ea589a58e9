/**
 * Scenarios about reminders: creating them at relative dates and times (canonicalised through the
 * time tools and the scenario clock), moving, renaming and deleting them, and place-based ones.
 */
import { DEFAULT_LOCATION, DEFAULT_REMINDER_IDS } from '../domain/default-world.ts'
import {
  agentMentions,
  CANONICALIZATION,
  epoch,
  MULTIPLE_TOOL_CALL,
  neverCalled,
  NOW,
  rowsAdded,
  rowsRemoved,
  rowsUpdated,
  resolveLocalTime,
  scenario,
  settingsAre,
  SINGLE_USER_TURN,
  solution,
  STATE_DEPENDENCY,
  STATES,
  TABLES,
  toolCalled,
  toolCalledAnyOf,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'

/** The time tools, offered wherever a date must be worked out. */
export const TIME_TOOLS = [
  'get_current_timestamp',
  'timestamp_to_datetime_info',
  'datetime_info_to_timestamp',
  'shift_timestamp',
  'timestamp_diff',
] as const
/** The reminder tools. */
export const REMINDER_TOOLS = ['add_reminder', 'modify_reminder', 'search_reminder', 'remove_reminder'] as const

const HOUR = 3600
const DAY = 86_400

/** Columns of a new reminder that are compared: the wording loosely, the time exactly. */
const REMINDER_COLUMNS = { content: 'rouge-l', reminder_timestamp: 'exact' } as const

interface AtDate {
  readonly id: string
  readonly content: string
  /** When, as the user says it. */
  readonly when: string
  /** The same moment as an ISO date-time in the scenario's zone. */
  readonly iso: string
  readonly implicit: string
}

const AT_DATES: readonly AtDate[] = [
  { id: 'remind-tomorrow-morning', content: "Call the vet about Miso's vaccines", when: 'tomorrow at 9 am', iso: '2026-05-15T09:00:00-07:00', implicit: "I keep forgetting to call the vet about Miso's vaccines; make sure I do it tomorrow at 9 am." },
  { id: 'remind-next-monday', content: 'Submit the expense report', when: 'this coming Monday at 8:30 am', iso: '2026-05-18T08:30:00-07:00', implicit: 'The expense report is due at the start of the week; nudge me this coming Monday at 8:30 am.' },
  { id: 'remind-saturday-evening', content: "Bring a bottle of wine to Aiko's party", when: 'this Saturday at 7 pm', iso: '2026-05-16T19:00:00-07:00', implicit: "Aiko's party is this Saturday; ping me at 7 pm so I don't forget the wine." },
  { id: 'remind-end-of-month', content: 'Pay the water bill', when: 'on May 30 at noon', iso: '2026-05-30T12:00:00-07:00', implicit: 'The water bill is due at the end of the month, so tell me on May 30 at noon.' },
  { id: 'remind-one-week-from-today', content: 'Return the library books', when: 'one week from today at 6 pm', iso: '2026-05-21T18:00:00-07:00', implicit: 'The library books are due in a week; warn me that day at 6 pm.' },
  { id: 'remind-tonight', content: 'Take out the recycling', when: 'tonight at 9 pm', iso: '2026-05-14T21:00:00-07:00', implicit: 'Recycling goes out tonight; poke me at 9 pm.' },
  { id: 'remind-first-of-june', content: 'Renew the parking permit', when: 'on June 1 at 10 am', iso: '2026-06-01T10:00:00-07:00', implicit: 'My parking permit runs out at the start of June; remind me June 1 at 10 am.' },
]

/** The datetime parts of an ISO date-time in its own offset (the scenario zone). */
function partsOf(iso: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)/.exec(iso)
  if (match === null) throw new Error(`not an ISO date-time: ${iso}`)
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number]
  return { year, month, day, hour, minute, second }
}

function remindAtDate(item: AtDate): CorpusScenario {
  const at = epoch(item.iso)
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Get a reminder "${item.content}" ${item.when}.`, knowledge: "You do not know today's date." },
    firstMessage: `Remind me to ${item.content.charAt(0).toLowerCase()}${item.content.slice(1)} ${item.when}.`,
    paraphrases: [
      { text: `Create a reminder "${item.content}" for ${item.when}.`, style: 'explicit' },
      { text: item.implicit, style: 'implicit' },
    ],
    tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
    // The date is relative to today, which only the clock knows.
    milestones: [toolCalled('get_current_timestamp'), rowsAdded(TABLES.reminders, [{ content: item.content, reminder_timestamp: at }], REMINDER_COLUMNS)],
    reference: solution((s) => {
      const target = resolveLocalTime(s, partsOf(item.iso))
      s.call('add_reminder', { content: item.content, reminder_timestamp: target.result() })
      s.say(`I will remind you ${item.when}.`)
      s.end()
    }),
  })
}

interface InDuration {
  readonly id: string
  readonly content: string
  readonly spoken: string
  readonly shift: Readonly<Record<string, number>>
  readonly seconds: number
}

const IN_DURATIONS: readonly InDuration[] = [
  { id: 'remind-in-two-hours', content: 'Take the bread out of the oven', spoken: 'in two hours', shift: { hours: 2 }, seconds: 2 * HOUR },
  { id: 'remind-in-forty-five-minutes', content: 'Move the car before street cleaning', spoken: 'in 45 minutes', shift: { minutes: 45 }, seconds: 45 * 60 },
  { id: 'remind-in-three-days', content: 'Water the balcony plants', spoken: 'in three days', shift: { days: 3 }, seconds: 3 * DAY },
  { id: 'remind-in-ninety-minutes', content: 'Check on the laundry', spoken: 'in an hour and a half', shift: { hours: 1, minutes: 30 }, seconds: 90 * 60 },
]

function remindIn(item: InDuration): CorpusScenario {
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Get a reminder "${item.content}" ${item.spoken} from now.`, knowledge: 'You do not know the current time.' },
    firstMessage: `Set a reminder ${item.spoken}: ${item.content.toLowerCase()}.`,
    paraphrases: [
      { text: `Add a reminder "${item.content}" due ${item.spoken}.`, style: 'explicit' },
      { text: `Don't let me forget to ${item.content.charAt(0).toLowerCase()}${item.content.slice(1)} ${item.spoken}.`, style: 'implicit' },
    ],
    tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
    milestones: [toolCalled('get_current_timestamp'), rowsAdded(TABLES.reminders, [{ content: item.content, reminder_timestamp: NOW + item.seconds }], REMINDER_COLUMNS)],
    reference: solution((s) => {
      const now = s.call('get_current_timestamp')
      const later = s.call('shift_timestamp', { timestamp: now.result(), ...item.shift })
      s.call('add_reminder', { content: item.content, reminder_timestamp: later.result() })
      s.say(`Reminder set for ${item.spoken}.`)
      s.end()
    }),
  })
}

const deleteOverdue = scenario({
  id: 'delete-car-registration-reminder',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Delete the reminder about the car registration; it is done.', knowledge: 'You do not know when it was due.' },
  firstMessage: 'I renewed the car registration, delete that reminder.',
  paraphrases: [
    { text: 'Remove the reminder "Renew the car registration".', style: 'explicit' },
    { text: "The car registration is sorted, so I don't need to be told about it any more.", style: 'implicit' },
  ],
  tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
  milestones: [toolCalled('search_reminder'), rowsRemoved(TABLES.reminders, [{ reminder_id: DEFAULT_REMINDER_IDS[0] }])],
  reference: solution((s) => {
    const found = s.call('search_reminder', { content: 'car registration' })
    s.call('remove_reminder', { reminder_id: found.result('0.reminder_id') })
    s.say('The car registration reminder is deleted.')
    s.end()
  }),
})

const postponeDinner = scenario({
  id: 'postpone-birthday-dinner-reminder-by-a-day',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: "Move the reminder about Elena's birthday dinner one day later.", knowledge: 'You do not know when it is due now.' },
  firstMessage: "Push the birthday dinner reminder back by one day.",
  paraphrases: [
    { text: "Shift the reminder \"Book a table for Elena's birthday dinner\" one day later.", style: 'explicit' },
    { text: "Elena moved her birthday dinner a day later, so my reminder should follow.", style: 'implicit' },
  ],
  tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
  milestones: [rowsUpdated(TABLES.reminders, [{ reminder_id: DEFAULT_REMINDER_IDS[1], reminder_timestamp: NOW + 3 * DAY }])],
  minefields: [neverCalled('remove_reminder')],
  reference: solution((s) => {
    const found = s.call('search_reminder', { content: 'birthday dinner' })
    const later = s.call('shift_timestamp', { timestamp: found.result('0.reminder_timestamp'), days: 1 })
    s.call('modify_reminder', { reminder_id: found.result('0.reminder_id'), reminder_timestamp: later.result() })
    s.say('The birthday dinner reminder is now one day later.')
    s.end()
  }),
})

const renameSuit = scenario({
  id: 'reword-dry-cleaner-reminder',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Change the dry cleaner reminder to say "Pick up the suit and the two shirts from the dry cleaner".', knowledge: 'You have no other request.' },
  firstMessage: 'Change my dry cleaner reminder to "Pick up the suit and the two shirts from the dry cleaner".',
  paraphrases: [
    { text: 'Edit the text of the dry cleaner reminder: Pick up the suit and the two shirts from the dry cleaner.', style: 'explicit' },
    { text: 'I also left two shirts at the dry cleaner; my reminder should mention them with the suit.', style: 'implicit' },
  ],
  tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
  milestones: [
    rowsUpdated(TABLES.reminders, [{ reminder_id: DEFAULT_REMINDER_IDS[2], content: 'Pick up the suit and the two shirts from the dry cleaner', reminder_timestamp: NOW + HOUR }], {
      content: 'rouge-l',
    }),
  ],
  reference: solution((s) => {
    const found = s.call('search_reminder', { content: 'Pick up the suit from the dry cleaner' })
    s.call('modify_reminder', { reminder_id: found.result('0.reminder_id'), content: 'Pick up the suit and the two shirts from the dry cleaner' })
    s.say('The reminder now mentions the suit and the two shirts.')
    s.end()
  }),
})

const dueSoon = scenario({
  id: 'what-reminders-are-due-today',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
  user: { goal: 'Find out which reminders are due for the rest of today.', knowledge: 'You do not know the time.' },
  firstMessage: 'Which reminders do I still have today?',
  paraphrases: [
    { text: 'List my reminders due between now and midnight.', style: 'explicit' },
    { text: 'Anything I need to remember before the day is over?', style: 'implicit' },
  ],
  tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
  milestones: [
    toolCalled('get_current_timestamp'),
    // From now or from the start of the day, up to midnight (within a minute either way).
    toolCalledAnyOf(
      [NOW, epoch('2026-05-14T00:00:00-07:00')].map((from) => ({
        tool: 'search_reminder',
        arguments: { reminder_timestamp_lowerbound: from, reminder_timestamp_upperbound: epoch('2026-05-15T00:00:00-07:00') },
        compare: { reminder_timestamp_lowerbound: { close: 60 }, reminder_timestamp_upperbound: { close: 60 } },
      })),
    ),
    agentMentions(['dry cleaner', 'dry-cleaner', 'drycleaner', 'dry cleaning']),
  ],
  minefields: [neverCalled('remove_reminder')],
  reference: solution((s) => {
    const now = s.call('get_current_timestamp')
    s.call('search_reminder', { reminder_timestamp_lowerbound: now.result(), reminder_timestamp_upperbound: epoch('2026-05-15T00:00:00-07:00') })
    s.say('Just one: pick up the suit from the dry cleaner, in an hour.')
    s.end()
  }),
})

function remindHere(state: 'on' | 'off' | 'low-battery'): CorpusScenario {
  const at = epoch('2026-05-15T08:00:00-07:00')
  const settings = state === 'off' ? STATES.locationOff : state === 'low-battery' ? STATES.lowBattery : undefined
  const fix = state === 'off' ? [settingsAre({ location_service: true })] : state === 'low-battery' ? [settingsAre({ low_battery_mode: false }), settingsAre({ location_service: true })] : []
  const added = rowsAdded(TABLES.reminders, [{ content: 'Water the plants', reminder_timestamp: at, latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude }], {
    ...REMINDER_COLUMNS,
    latitude: { close: 0.001 },
    longitude: { close: 0.001 },
  })
  return scenario({
    id: state === 'on' ? 'remind-here-tomorrow' : state === 'off' ? 'remind-here-tomorrow-location-off' : 'remind-here-tomorrow-low-battery',
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION, ...(state === 'on' ? [] : [STATE_DEPENDENCY])],
    ...(settings === undefined ? {} : { world: { settings } }),
    user: { goal: 'Get a reminder to water the plants tomorrow at 8 am, tied to where you are now.', knowledge: "You do not know your coordinates or today's date." },
    firstMessage: `Remind me to water the plants tomorrow at 8 am, here at this spot.${state === 'on' ? '' : ' Sort out any setting yourself.'}`,
    paraphrases: [
      { text: `Add a reminder "Water the plants" for tomorrow 8 am at my current location.${state === 'on' ? '' : ' Fix problems on your own.'}`, style: 'explicit' },
      { text: `Tomorrow at 8 am, when I'm back at this place, tell me the plants need water.${state === 'on' ? '' : ' Handle it alone.'}`, style: 'implicit' },
    ],
    tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS, 'get_current_location', 'get_location_service_status', 'set_location_service_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] },
    // The position and the clock may be read in either order; both before the reminder.
    milestones: [...fix, toolCalled('get_current_location'), toolCalled('get_current_timestamp'), added],
    milestoneEdges: [
      ...fix.map((_unused, index): [number, number] => [index, index + 1]),
      [fix.length, fix.length + 2],
      [fix.length + 1, fix.length + 2],
    ],
    reference: solution((s) => {
      if (state === 'low-battery') s.call('set_low_battery_mode_status', { on: false })
      if (state !== 'on') s.call('set_location_service_status', { on: true })
      const here = s.call('get_current_location')
      const target = resolveLocalTime(s, { year: 2026, month: 5, day: 15, hour: 8, minute: 0, second: 0 })
      s.call('add_reminder', { content: 'Water the plants', reminder_timestamp: target.result(), latitude: here.result('latitude'), longitude: here.result('longitude') })
      s.say('You will be reminded here tomorrow at 8 am to water the plants.')
      s.end()
    }),
  })
}

/** The reminder scenarios. */
export const reminderScenarios: readonly CorpusScenario[] = [
  ...AT_DATES.map(remindAtDate),
  ...IN_DURATIONS.map(remindIn),
  deleteOverdue,
  postponeDinner,
  renameSuit,
  dueSoon,
  remindHere('on'),
  remindHere('off'),
  remindHere('low-battery'),
]
