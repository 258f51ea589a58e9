/**
 * Scenarios about text messages: sending to a number or to a contact (with cellular service off,
 * or behind low battery mode), and reading what someone wrote.
 */
import {
  agentMentions,
  CANONICALIZATION,
  MULTIPLE_TOOL_CALL,
  neverCalled,
  rowsAdded,
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
import type { CorpusScenario } from '../authoring.ts'
import { contactRow, EXTRA_PEOPLE, PEOPLE } from './people.ts'
import type { Person } from './people.ts'

/** The tools a messaging scenario offers. */
export const MESSAGING_TOOLS = ['search_contacts', 'send_message_with_phone_number', 'search_messages'] as const
const SWITCHES = ['get_cellular_service_status', 'set_cellular_service_status', 'get_low_battery_mode_status', 'set_low_battery_mode_status'] as const

/** The message milestone: one new row to `phone` whose content is close to `content`. */
function messageSent(phone: string, content: string) {
  return rowsAdded(TABLES.messages, [{ recipient_phone_number: phone, content }], { content: 'rouge-l' })
}

interface ToNumber {
  readonly id: string
  /** The number as the user writes it. */
  readonly written: string
  readonly phone: string
  readonly content: string
}

const TO_NUMBERS: readonly ToNumber[] = [
  { id: 'send-message-to-number', written: '+1 415 555 0163', phone: '+14155550163', content: 'The keys are under the blue flower pot.' },
  { id: 'send-message-to-number-with-punctuation', written: '+1 (628) 555-0110', phone: '+16285550110', content: 'Running ten minutes late, start without me.' },
  { id: 'send-message-to-international-number', written: '+44 20 7946 0958', phone: '+442079460958', content: 'Landing at Heathrow at 7, see you at arrivals.' },
  { id: 'send-message-to-number-dotted', written: '+1.510.555.0134', phone: '+15105550134', content: 'Your bike is ready for pick-up.' },
]

function sendToNumber(item: ToNumber): CorpusScenario {
  // The user writes the number with spaces or punctuation; the tool wants `+` and digits.
  const canonical = item.written !== item.phone
  return scenario({
    id: item.id,
    categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN, ...(canonical ? [CANONICALIZATION] : [])],
    user: { goal: `Send "${item.content}" to ${item.written}.`, knowledge: 'You do not know whose number it is.' },
    firstMessage: `Text ${item.written} this: "${item.content}"`,
    paraphrases: [
      { text: `Send a message to ${item.written} saying "${item.content}"`, style: 'explicit' },
      { text: `Whoever has ${item.written} needs to read this from me: ${item.content}`, style: 'implicit' },
    ],
    tools: { allow: [...MESSAGING_TOOLS] },
    milestones: [messageSent(item.phone, item.content)],
    reference: solution((s) => {
      s.call('send_message_with_phone_number', { phone_number: item.phone, content: item.content })
      s.say('Message sent.')
      s.end()
    }),
  })
}

interface ToContact {
  readonly id: string
  readonly person: Person
  readonly inserted?: boolean
  readonly content: string
  /** How the user names them (by relationship, "my sister"), when not by name; the agent then looks the relationship up. */
  readonly named?: string
  readonly state?: 'cellular-off' | 'low-battery'
}

const TO_CONTACTS: readonly ToContact[] = [
  { id: 'send-message-to-priya', person: PEOPLE.priya, content: 'Yes, climbing is still on for Saturday!' },
  { id: 'send-message-to-marcus', person: PEOPLE.marcus, content: 'The quarterly slides are in your inbox.' },
  { id: 'send-message-to-rose', person: PEOPLE.rose, content: 'Happy birthday, Grandma! Calling you tonight.' },
  { id: 'send-message-to-sam', person: PEOPLE.sam, content: 'Can you cover the standup tomorrow?' },
  { id: 'send-message-to-tomasz', person: EXTRA_PEOPLE.tomasz, inserted: true, content: 'The build is green again.' },
  { id: 'send-message-to-aiko', person: EXTRA_PEOPLE.aiko, inserted: true, content: 'Dinner at eight at the ramen place?' },
  { id: 'send-message-to-elena-cellular-off', person: PEOPLE.elena, content: 'I booked the table for your birthday dinner.', state: 'cellular-off' },
  { id: 'send-message-to-sam-cellular-off', person: PEOPLE.sam, content: 'I left the report on your desk.', state: 'cellular-off' },
  { id: 'send-message-to-dmitri-cellular-off', person: EXTRA_PEOPLE.dmitri, inserted: true, content: 'The kitchen tap is leaking again.', state: 'cellular-off' },
  { id: 'send-message-to-fatima-cellular-off', person: EXTRA_PEOPLE.fatima, inserted: true, content: 'Bisous from San Francisco!', state: 'cellular-off' },
  { id: 'send-message-to-priya-low-battery', person: PEOPLE.priya, content: 'My phone is nearly dead, meet you at the gym.', state: 'low-battery' },
  { id: 'send-message-to-marcus-low-battery', person: PEOPLE.marcus, content: 'Stuck on the train, I will join the call late.', state: 'low-battery' },
  { id: 'send-message-to-aiko-low-battery', person: EXTRA_PEOPLE.aiko, inserted: true, content: 'Saving you a seat in row 12.', state: 'low-battery' },
  { id: 'send-message-to-rose-cellular-off', person: PEOPLE.rose, named: 'my grandmother', content: 'The flowers should arrive this afternoon.', state: 'cellular-off' },
  { id: 'send-message-to-priya-cellular-off', person: PEOPLE.priya, content: 'I will bring the chalk bag.', state: 'cellular-off' },
  { id: 'send-message-to-marcus-cellular-off', person: PEOPLE.marcus, named: 'my boss', content: 'Board call notes are in the shared folder.', state: 'cellular-off' },
  { id: 'send-message-to-tomasz-low-battery', person: EXTRA_PEOPLE.tomasz, inserted: true, content: 'Deploy window moved to 4 pm.', state: 'low-battery' },
  { id: 'send-message-to-elena-low-battery', person: PEOPLE.elena, named: 'my sister', content: 'Landing soon, pick me up at gate B.', state: 'low-battery' },
  { id: 'send-message-to-sam-low-battery', person: PEOPLE.sam, content: 'Phone about to die, email me instead.', state: 'low-battery' },
]

function sendToContact(item: ToContact): CorpusScenario {
  const person = item.person
  const named = item.named ?? person.name
  const world = {
    ...(item.inserted === true ? { insert: { [TABLES.contacts]: [contactRow(person)] } } : {}),
    ...(item.state === 'cellular-off' ? { settings: STATES.cellularOff } : item.state === 'low-battery' ? { settings: STATES.lowBattery } : {}),
  }
  const stateCategories = item.state === undefined ? [] : [STATE_DEPENDENCY]
  // Any contact search counts (first name, last name, ...): the recipient number of the sent message shows the right one was found.
  const search = toolCalled('search_contacts')
  const sent = messageSent(person.phone, item.content)
  // Looking the contact up and fixing the device state are independent; both precede the send.
  const milestones =
    item.state === undefined
      ? [search, sent]
      : item.state === 'cellular-off'
        ? [search, settingsAre({ cellular: true }), sent]
        : [search, settingsAre({ low_battery_mode: false }), settingsAre({ cellular: true }), sent]
  const milestoneEdges =
    item.state === undefined
      ? undefined
      : item.state === 'cellular-off'
        ? ([
            [0, 2],
            [1, 2],
          ] as [number, number][])
        : ([
            [0, 3],
            [1, 2],
            [2, 3],
          ] as [number, number][])
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, ...stateCategories],
    world,
    user: {
      goal: `Send ${item.named === undefined ? person.name : item.named.replace(/^my /, 'your ')} this message: "${item.content}"`,
      knowledge: `You do not know ${item.named === undefined ? `${person.first}'s` : 'their'} phone number${item.state === undefined ? '' : ' or the state of your phone'}.${item.named === undefined ? '' : ` You call them only "${item.named}"; you do not give their name.`}`,
    },
    firstMessage: `Send a message to ${named} saying: "${item.content}"${item.state === undefined ? '' : ' Resolve any problem on your own.'}`,
    paraphrases: [
      { text: `Text ${named}: ${item.content}${item.state === undefined ? '' : ' Fix whatever gets in the way.'}`, style: 'explicit' },
      { text: `${item.named === undefined ? person.first : item.named.charAt(0).toUpperCase() + item.named.slice(1)} should get this from me by text: ${item.content}${item.state === undefined ? '' : ' Sort out anything on the phone that stops it.'}`, style: 'implicit' },
    ],
    tools: { allow: [...MESSAGING_TOOLS, ...(item.state === undefined ? [] : SWITCHES)] },
    milestones,
    ...(milestoneEdges === undefined ? {} : { milestoneEdges }),
    // Adding a contact would mean the agent invented or duplicated one.
    minefields: [neverCalled('add_contact')],
    reference: solution((s) => {
      const found = s.call('search_contacts', item.named === undefined ? { name: person.name } : { relationship: person.relationship })
      if (item.state === 'low-battery') s.call('set_low_battery_mode_status', { on: false })
      if (item.state !== undefined) s.call('set_cellular_service_status', { on: true })
      s.call('send_message_with_phone_number', { phone_number: found.result('0.phone_number'), content: item.content })
      s.say(
        item.state === undefined
          ? `Sent to ${person.first}.`
          : item.state === 'cellular-off'
            ? `Cellular service was off, so I turned it on and sent your message to ${person.first}.`
            : `Low battery mode had cellular service off, so I switched low battery mode off, turned cellular on and sent your message to ${person.first}.`,
      )
      s.end()
    }),
  })
}

interface ReadLast {
  readonly id: string
  readonly person: Person
  readonly said: string
  readonly key: string
}

const READ_LAST: readonly ReadLast[] = [
  { id: 'read-last-message-from-priya', person: PEOPLE.priya, said: 'Are we still on for climbing on Saturday?', key: 'climbing on Saturday' },
  { id: 'read-last-message-from-marcus', person: PEOPLE.marcus, said: 'Could you send me the quarterly slides before the board call?', key: 'quarterly slides' },
]

function readLast(item: ReadLast): CorpusScenario {
  const person = item.person
  return scenario({
    id: item.id,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
    user: { goal: `Find out what ${person.name} last texted you.`, knowledge: `You do not remember the message or ${person.first}'s number.` },
    firstMessage: `What did ${person.first} write to me last?`,
    paraphrases: [
      { text: `Read me the latest text message from ${person.name}.`, style: 'explicit' },
      { text: `I think ${person.first} messaged me earlier, what was it about?`, style: 'implicit' },
    ],
    tools: { allow: [...MESSAGING_TOOLS] },
    milestones: [
      toolCalledAnyOf([
        { tool: 'search_messages', arguments: { sender_person_id: person.id } },
        { tool: 'search_messages', arguments: { sender_phone_number: person.phone } },
      ]),
      agentMentions(item.key),
    ],
    // Reading needs no sending.
    minefields: [neverCalled('send_message_with_phone_number')],
    reference: solution((s) => {
      const found = s.call('search_contacts', { name: person.name })
      s.call('search_messages', { sender_person_id: found.result('0.person_id') })
      s.say(`${person.first} wrote: "${item.said}"`)
      s.end()
    }),
  })
}

const replyToPriya = scenario({
  id: 'reply-to-latest-message',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Answer whoever texted you most recently with "Sounds good, see you then."', knowledge: 'You do not know who sent the latest message.' },
  firstMessage: 'Reply "Sounds good, see you then." to the last person who texted me.',
  paraphrases: [
    { text: 'Answer my most recent incoming text with: Sounds good, see you then.', style: 'explicit' },
    { text: 'Whoever messaged me last, answer them: Sounds good, see you then.', style: 'implicit' },
  ],
  tools: { allow: [...MESSAGING_TOOLS, 'get_current_timestamp'] },
  milestones: [toolCalled('search_messages'), messageSent(PEOPLE.priya.phone, 'Sounds good, see you then.')],
  reference: solution((s) => {
    s.call('search_messages', { recipient_phone_number: PEOPLE.jordan.phone })
    s.call('send_message_with_phone_number', { phone_number: PEOPLE.priya.phone, content: 'Sounds good, see you then.' })
    s.say('I replied to Priya, who texted you last.')
    s.end()
  }),
})

const messageTwoPeople = scenario({
  id: 'send-same-message-to-two-contacts',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Send "Family call moved to 7pm." to both Elena Vasquez and Rose Lee.', knowledge: 'You do not know their numbers.' },
  firstMessage: 'Send "Family call moved to 7pm." to Elena Vasquez and to Rose Lee.',
  paraphrases: [
    { text: 'Message Elena Vasquez and Rose Lee: Family call moved to 7pm.', style: 'explicit' },
    { text: 'Let my sister and my grandma know the family call is now at 7pm.', style: 'implicit' },
  ],
  tools: { allow: [...MESSAGING_TOOLS] },
  // Either order of the two sends is fine: one milestone with both rows, paired optimally.
  milestones: [
    rowsAdded(
      TABLES.messages,
      [
        { recipient_phone_number: PEOPLE.elena.phone, content: 'Family call moved to 7pm.' },
        { recipient_phone_number: PEOPLE.rose.phone, content: 'Family call moved to 7pm.' },
      ],
      { content: 'rouge-l' },
    ),
  ],
  reference: solution((s) => {
    const [elena, rose] = s.parallel(
      { tool: 'search_contacts', arguments: { name: PEOPLE.elena.name } },
      { tool: 'search_contacts', arguments: { name: PEOPLE.rose.name } },
    )
    s.call('send_message_with_phone_number', { phone_number: elena!.result('0.phone_number'), content: 'Family call moved to 7pm.' })
    s.call('send_message_with_phone_number', { phone_number: rose!.result('0.phone_number'), content: 'Family call moved to 7pm.' })
    s.say('Both Elena and Rose have the message.')
    s.end()
  }),
})

const messageByRelationship = scenario({
  id: 'send-message-to-boss-by-relationship',
  categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Tell your boss "I am taking Friday off."', knowledge: "You refer to them only as your boss; you do not give their name or number." },
  firstMessage: 'Text my boss that I am taking Friday off.',
  paraphrases: [
    { text: 'Send my boss the message: I am taking Friday off.', style: 'explicit' },
    { text: 'Give my manager a heads-up that I am off on Friday.', style: 'implicit' },
  ],
  tools: { allow: [...MESSAGING_TOOLS] },
  milestones: [toolCalled('search_contacts', { relationship: 'boss' }), messageSent(PEOPLE.marcus.phone, 'I am taking Friday off.')],
  reference: solution((s) => {
    const boss = s.call('search_contacts', { relationship: 'boss' })
    s.call('send_message_with_phone_number', { phone_number: boss.result('0.phone_number'), content: 'I am taking Friday off.' })
    s.say('I told Marcus, your boss, that you are taking Friday off.')
    s.end()
  }),
})

/** The messaging scenarios. */
export const messagingScenarios: readonly CorpusScenario[] = [
  ...TO_NUMBERS.map(sendToNumber),
  ...TO_CONTACTS.map(sendToContact),
  ...READ_LAST.map(readLast),
  replyToPriya,
  messageTwoPeople,
  messageByRelationship,
]
