/**
 * Multiple-user-turn scenarios: the first message leaves out something only the user knows (what
 * to write, a number, a time, which of two people), so a correct agent asks and uses the answer.
 * Every answer holds a value that ends up in a tool call, so an agent that guesses instead of
 * asking is caught by the milestones.
 */
import {
  ASKED_FOR,
  CANONICALIZATION,
  MULTIPLE_TOOL_CALL,
  MULTIPLE_USER_TURN,
  neverCalled,
  epoch,
  rowsAdded,
  rowsUpdated,
  resolveLocalTime,
  scenario,
  settingsAre,
  SINGLE_TOOL_CALL,
  solution,
  STATE_DEPENDENCY,
  STATES,
  TABLES,
  toolCalled,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { CONTACT_TOOLS } from './contacts-scenarios.ts'
import { MESSAGING_TOOLS } from './messaging-scenarios.ts'
import { contactRow, EXTRA_PEOPLE, PEOPLE } from './people.ts'
import type { Person } from './people.ts'
import { REMINDER_TOOLS, TIME_TOOLS } from './reminder-scenarios.ts'

/** A local date and time, as `datetime_info_to_timestamp` takes it. */
type DateParts = {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

/** The instant of `parts` in Los Angeles summer time (every date here is between May and October). */
function instantOf(parts: DateParts): number {
  const two = (value: number) => String(value).padStart(2, '0')
  return epoch(`${parts.year}-${two(parts.month)}-${two(parts.day)}T${two(parts.hour)}:${two(parts.minute)}:${two(parts.second)}-07:00`)
}

function messageSent(phone: string, content: string) {
  return rowsAdded(TABLES.messages, [{ recipient_phone_number: phone, content }], { content: 'rouge-l' })
}

interface MissingContent {
  readonly person: Person
  readonly inserted?: boolean
  readonly content: string
}

const MISSING_CONTENT: readonly MissingContent[] = [
  { person: PEOPLE.priya, content: 'Saturday works, 10 am at the climbing gym.' },
  { person: PEOPLE.marcus, content: 'The board deck is final, version 7.' },
  { person: PEOPLE.elena, content: 'I found the perfect gift for Mom.' },
  { person: PEOPLE.rose, content: 'Visiting you on Sunday with the kids.' },
  { person: PEOPLE.sam, content: 'Lunch at the taco truck at 12:30?' },
  { person: EXTRA_PEOPLE.tomasz, inserted: true, content: 'The release is postponed to Tuesday.' },
]

function missingContent(item: MissingContent): CorpusScenario {
  const person = item.person
  return scenario({
    id: `ask-what-to-write-to-${person.first.toLowerCase()}`,
    categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN],
    ...(item.inserted === true ? { world: { insert: { [TABLES.contacts]: [contactRow(person)] } } } : {}),
    user: {
      goal: `Send ${person.name} a text. Only when asked what it should say, answer: "${item.content}"`,
      knowledge: `You do not know ${person.first}'s number. Do not say the message until you are asked.`,
    },
    firstMessage: `I want to text ${person.name}.`,
    paraphrases: [
      { text: `Send a message to ${person.name}.`, style: 'explicit' },
      { text: `I need to get in touch with ${person.first} by text.`, style: 'implicit' },
    ],
    tools: { allow: [...MESSAGING_TOOLS] },
    milestones: [toolCalled('search_contacts'), messageSent(person.phone, item.content)],
    minefields: [neverCalled('add_contact')],
    reference: solution((s) => {
      s.say(`What would you like the message to ${person.first} to say?`)
      s.user(`Write: "${item.content}"`, { answers: ASKED_FOR.messageText })
      const found = s.call('search_contacts', { name: person.name })
      s.call('send_message_with_phone_number', { phone_number: found.result('0.phone_number'), content: item.content })
      s.say(`Sent to ${person.first}.`)
      s.end()
    }),
  })
}

interface UnknownNumber {
  readonly id: string
  readonly name: string
  readonly phone: string
  readonly content: string
  readonly cellularOff?: boolean
}

const UNKNOWN_NUMBERS: readonly UnknownNumber[] = [
  { id: 'ask-number-of-plumber', name: 'Hector', phone: '+14155550109', content: 'The door code is 4417.' },
  { id: 'ask-number-of-babysitter', name: 'Noor', phone: '+16505550182', content: 'We will be home by 11 tonight.' },
  { id: 'ask-number-of-landlady', name: 'Mrs. Okonkwo', phone: '+13125550148', content: 'The rent is transferred.' },
  { id: 'ask-number-of-tutor-cellular-off', name: 'Ravi', phone: '+14085550175', content: 'Can we move the lesson to Friday?', cellularOff: true },
  { id: 'ask-number-of-mechanic-cellular-off', name: 'Gus', phone: '+15105550138', content: 'Please also check the brakes.', cellularOff: true },
]

function unknownNumber(item: UnknownNumber): CorpusScenario {
  const fix = item.cellularOff === true
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, ...(fix ? [STATE_DEPENDENCY] : [])],
    ...(fix ? { world: { settings: STATES.cellularOff } } : {}),
    user: {
      goal: `Text ${item.name} "${item.content}". ${item.name} is not in your contacts; give the number ${item.phone} only when asked.${fix ? ' If the assistant asks whether to turn cellular service on, say yes.' : ''}`,
      knowledge: `You know ${item.name}'s number, ${item.phone}, but not whether your phone can send texts.`,
    },
    firstMessage: `Text ${item.name}: "${item.content}"${fix ? ' Solve any issue on your own.' : ''}`,
    paraphrases: [
      { text: `Send ${item.name} a message saying "${item.content}"${fix ? ' Fix whatever gets in the way yourself.' : ''}`, style: 'explicit' },
      { text: `${item.name} should hear from me by text: ${item.content}${fix ? " If something on the phone blocks it, sort it out." : ''}`, style: 'implicit' },
    ],
    tools: { allow: [...MESSAGING_TOOLS, ...(fix ? ['get_cellular_service_status', 'set_cellular_service_status'] : [])] },
    milestones: [toolCalled('search_contacts'), ...(fix ? [settingsAre({ cellular: true })] : []), messageSent(item.phone, item.content)],
    ...(fix
      ? {
          milestoneEdges: [
            [0, 2],
            [1, 2],
          ] as [number, number][],
        }
      : {}),
    reference: solution((s) => {
      s.call('search_contacts', { name: item.name })
      s.say(`${item.name} is not in your contacts. What is the phone number?`)
      s.user(`It's ${item.phone}.`, { answers: ASKED_FOR.number })
      if (fix) s.call('set_cellular_service_status', { on: true })
      s.call('send_message_with_phone_number', { phone_number: item.phone, content: item.content })
      s.say(`Sent to ${item.name}.`)
      s.end()
    }),
  })
}

interface MissingTime {
  readonly id: string
  readonly content: string
  readonly answer: string
  readonly parts: DateParts
}

const MISSING_TIMES: readonly MissingTime[] = [
  { id: 'ask-when-to-call-the-bank', content: 'Call the bank about the card', answer: 'Tomorrow at 10 am, May 15.', parts: { year: 2026, month: 5, day: 15, hour: 10, minute: 0, second: 0 } },
  { id: 'ask-when-to-book-flights', content: 'Book the flights to Lisbon', answer: 'On May 20 at 19:00.', parts: { year: 2026, month: 5, day: 20, hour: 19, minute: 0, second: 0 } },
  { id: 'ask-when-to-feed-the-fish', content: "Feed the neighbours' fish", answer: 'May 16 at 8 in the morning.', parts: { year: 2026, month: 5, day: 16, hour: 8, minute: 0, second: 0 } },
  { id: 'ask-when-to-send-invoice', content: 'Send the May invoice', answer: 'May 29, at 17:30.', parts: { year: 2026, month: 5, day: 29, hour: 17, minute: 30, second: 0 } },
  { id: 'ask-when-to-pick-up-kids', content: 'Pick up the kids from swim practice', answer: 'Today at 16:45.', parts: { year: 2026, month: 5, day: 14, hour: 16, minute: 45, second: 0 } },
  { id: 'ask-when-to-renew-passport', content: 'Renew the passport', answer: 'June 3 at 9 am.', parts: { year: 2026, month: 6, day: 3, hour: 9, minute: 0, second: 0 } },
  { id: 'ask-when-to-call-grandma', content: 'Call Grandma Rose', answer: 'Sunday May 17 at 11 am.', parts: { year: 2026, month: 5, day: 17, hour: 11, minute: 0, second: 0 } },
]

function missingTime(item: MissingTime): CorpusScenario {
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Get a reminder "${item.content}". When asked for the time, answer: "${item.answer}"`, knowledge: 'Give the time only when asked.' },
    firstMessage: `Remind me to ${item.content.charAt(0).toLowerCase()}${item.content.slice(1)}.`,
    paraphrases: [
      { text: `Create a reminder: ${item.content}.`, style: 'explicit' },
      { text: `I must not forget to ${item.content.charAt(0).toLowerCase()}${item.content.slice(1)}.`, style: 'implicit' },
    ],
    tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
    milestones: [rowsAdded(TABLES.reminders, [{ content: item.content, reminder_timestamp: instantOf(item.parts) }], { content: 'rouge-l', reminder_timestamp: 'exact' })],
    reference: solution((s) => {
      s.say('When should I remind you?')
      s.user(item.answer, { answers: ASKED_FOR.time })
      const target = s.call('datetime_info_to_timestamp', item.parts)
      s.call('add_reminder', { content: item.content, reminder_timestamp: target.result() })
      s.say(`Reminder "${item.content}" is set.`)
      s.end()
    }),
  })
}

interface MissingReminderText {
  readonly id: string
  readonly content: string
  readonly when: string
  readonly parts: DateParts
}

const MISSING_TEXTS: readonly MissingReminderText[] = [
  { id: 'ask-what-to-remind-tomorrow', content: 'Bring the passport photos', when: 'tomorrow at 8 am', parts: { year: 2026, month: 5, day: 15, hour: 8, minute: 0, second: 0 } },
  { id: 'ask-what-to-remind-tonight', content: 'Charge the camera batteries', when: 'tonight at 10 pm', parts: { year: 2026, month: 5, day: 14, hour: 22, minute: 0, second: 0 } },
  { id: 'ask-what-to-remind-friday', content: 'Order flowers for the anniversary', when: 'Friday at noon', parts: { year: 2026, month: 5, day: 15, hour: 12, minute: 0, second: 0 } },
]

function missingReminderText(item: MissingReminderText): CorpusScenario {
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Get a reminder ${item.when}. When asked what it is about, answer: "${item.content}"`, knowledge: "Say what it is about only when asked. You do not know today's date." },
    firstMessage: `Set a reminder for ${item.when}.`,
    paraphrases: [
      { text: `Create a reminder due ${item.when}.`, style: 'explicit' },
      { text: `I'll need a nudge ${item.when}.`, style: 'implicit' },
    ],
    tools: { allow: [...REMINDER_TOOLS, ...TIME_TOOLS] },
    milestones: [toolCalled('get_current_timestamp'), rowsAdded(TABLES.reminders, [{ content: item.content, reminder_timestamp: instantOf(item.parts) }], { content: 'rouge-l', reminder_timestamp: 'exact' })],
    reference: solution((s) => {
      s.say('What should the reminder say?')
      s.user(`"${item.content}"`, { answers: ASKED_FOR.reminderText })
      const target = resolveLocalTime(s, item.parts)
      s.call('add_reminder', { content: item.content, reminder_timestamp: target.result() })
      s.say(`Done: "${item.content}" ${item.when}.`)
      s.end()
    }),
  })
}

interface MissingContactNumber {
  readonly name: string
  readonly phone: string
}

const MISSING_CONTACT_NUMBERS: readonly MissingContactNumber[] = [
  { name: 'Nadia Rahman', phone: '+14155550126' },
  { name: 'Lars Eriksen', phone: '+4791234567' },
  { name: 'Chloe Martin', phone: '+33698765432' },
  { name: 'Bao Tran', phone: '+17145550163' },
  { name: 'Kwame Asante', phone: '+14045550112' },
]

function missingContactNumber(item: MissingContactNumber): CorpusScenario {
  const first = item.name.split(' ')[0] ?? item.name
  return scenario({
    id: `ask-number-to-save-${first.toLowerCase()}`,
    categories: [SINGLE_TOOL_CALL, MULTIPLE_USER_TURN],
    user: { goal: `Save ${item.name} as a contact. Give the number ${item.phone} only when asked.`, knowledge: 'You have no relationship to record.' },
    firstMessage: `Add ${item.name} to my contacts.`,
    paraphrases: [
      { text: `Create a new contact named ${item.name}.`, style: 'explicit' },
      { text: `I just met ${item.name} and want them in my phone.`, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    milestones: [rowsAdded(TABLES.contacts, [{ name: item.name, phone_number: item.phone }])],
    reference: solution((s) => {
      s.say(`What is ${first}'s phone number?`)
      s.user(`${item.phone}`, { answers: ASKED_FOR.number })
      s.call('add_contact', { name: item.name, phone_number: item.phone })
      s.say(`${item.name} is saved.`)
      s.end()
    }),
  })
}

/** A second Priya and a second Sam, so a first name alone is ambiguous. */
const NAMESAKES = Object.freeze({
  priya: { id: '5b1f0c2e-8a41-4c3e-9d7a-0e6f2b9c1a11', name: 'Priya Shah', first: 'Priya', phone: '+19175550131', relationship: 'coworker' },
  sam: { id: '5b1f0c2e-8a41-4c3e-9d7a-0e6f2b9c1a12', name: 'Sam Whitaker', first: 'Sam', phone: '+17185550177', relationship: 'friend' },
}) satisfies Record<string, Person>

interface WhichOne {
  readonly id: string
  readonly first: string
  readonly namesake: Person
  readonly chosen: Person
  /** The namesake the user did not mean. */
  readonly other: Person
  readonly content: string
}

const WHICH_ONES: readonly WhichOne[] = [
  { id: 'ask-which-priya', first: 'Priya', namesake: NAMESAKES.priya, chosen: NAMESAKES.priya, other: PEOPLE.priya, content: 'The client call moved to 3 pm.' },
  { id: 'ask-which-priya-friend', first: 'Priya', namesake: NAMESAKES.priya, chosen: PEOPLE.priya, other: NAMESAKES.priya, content: 'Bring your harness on Saturday.' },
  { id: 'ask-which-sam', first: 'Sam', namesake: NAMESAKES.sam, chosen: NAMESAKES.sam, other: PEOPLE.sam, content: 'Game night is at my place this week.' },
]

function whichOne(item: WhichOne): CorpusScenario {
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN],
    world: { insert: { [TABLES.contacts]: [contactRow(item.namesake)] } },
    user: {
      goal: `Text ${item.chosen.name} "${item.content}". Say only "${item.first}" at first; when asked which one, answer "${item.chosen.name}".`,
      knowledge: `You do not know ${item.first}'s number.`,
    },
    firstMessage: `Text ${item.first}: "${item.content}"`,
    paraphrases: [
      { text: `Send ${item.first} the message "${item.content}"`, style: 'explicit' },
      { text: `Tell ${item.first} ${item.content.charAt(0).toLowerCase()}${item.content.slice(1)}`, style: 'implicit' },
    ],
    tools: { allow: [...MESSAGING_TOOLS] },
    milestones: [messageSent(item.chosen.phone, item.content)],
    minefields: [{ constraints: [{ kind: 'added', table: TABLES.messages, rows: [{ recipient_phone_number: item.other.phone }] }] }],
    reference: solution((s) => {
      s.call('search_contacts', { name: item.first })
      s.say(`You have two contacts called ${item.first}: ${[item.chosen.name, item.other.name].sort().join(' and ')}. Which one do you mean?`)
      s.user(`${item.chosen.name}.`, { answers: ASKED_FOR.which })
      const chosen = s.call('search_contacts', { name: item.chosen.name })
      s.call('send_message_with_phone_number', { phone_number: chosen.result('0.phone_number'), content: item.content })
      s.say(`Sent to ${item.chosen.name}.`)
      s.end()
    }),
  })
}

interface NewNumberAsked {
  readonly person: Person
  readonly phone: string
}

function newNumberAsked(item: NewNumberAsked): CorpusScenario {
  const person = item.person
  return scenario({
    id: `ask-new-number-of-${person.first.toLowerCase()}`,
    categories: [MULTIPLE_TOOL_CALL, MULTIPLE_USER_TURN],
    user: { goal: `Update ${person.name}'s number. Give the new number ${item.phone} only when asked.`, knowledge: 'You do not know the old number.' },
    firstMessage: `${person.name} changed numbers, please update the contact.`,
    paraphrases: [
      { text: `Modify the phone number of ${person.name}.`, style: 'explicit' },
      { text: `${person.first}'s old number doesn't work anymore; I have the new one.`, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    milestones: [rowsUpdated(TABLES.contacts, [{ person_id: person.id, phone_number: item.phone }])],
    minefields: [neverCalled('add_contact')],
    reference: solution((s) => {
      s.say(`What is ${person.first}'s new number?`)
      s.user(`${item.phone}`, { answers: ASKED_FOR.number })
      const found = s.call('search_contacts', { name: person.name })
      s.call('modify_contact', { person_id: found.result('0.person_id'), phone_number: item.phone })
      s.say(`${person.first}'s number is updated.`)
      s.end()
    }),
  })
}

/** The multiple-user-turn scenarios. */
export const followUpScenarios: readonly CorpusScenario[] = [
  ...MISSING_CONTENT.map(missingContent),
  ...UNKNOWN_NUMBERS.map(unknownNumber),
  ...MISSING_TIMES.map(missingTime),
  ...MISSING_TEXTS.map(missingReminderText),
  ...MISSING_CONTACT_NUMBERS.map(missingContactNumber),
  ...WHICH_ONES.map(whichOne),
  newNumberAsked({ person: PEOPLE.rose, phone: '+15035550188' }),
  newNumberAsked({ person: PEOPLE.marcus, phone: '+16505550160' }),
]
