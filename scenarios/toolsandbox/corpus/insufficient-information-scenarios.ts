/**
 * Insufficient-information scenarios: a tool the task needs is withheld (on the deny list), so
 * the only correct outcome is to say so, which a milestone checks. Minefields sit on the withheld
 * tool and on the tools an agent would use to act on a made-up value (a guessed timestamp, a
 * guessed phone number).
 */
import { agentSaysItCannot, INSUFFICIENT_INFORMATION, neverCalled, neverCalledAnyOf, scenario, solution, STATES } from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { CONTACT_TOOLS } from './contacts-scenarios.ts'
import { MESSAGING_TOOLS } from './messaging-scenarios.ts'
import { PEOPLE } from './people.ts'
import { REMINDER_TOOLS, TIME_TOOLS } from './reminder-scenarios.ts'
import { SETTINGS_TOOLS } from './settings-scenarios.ts'

/** One withheld-tool scenario as data. */
export interface Withheld {
  readonly id: string
  readonly goal: string
  readonly firstMessage: string
  readonly explicit: string
  readonly implicit: string
  /** The tools offered before the deny list. */
  readonly allow: readonly string[]
  /** The withheld tools. */
  readonly deny: readonly string[]
  /** Tools whose use would mean acting on an invented value. */
  readonly hallucination: readonly string[]
  /** What the reference agent answers. */
  readonly answer: string
  readonly settings?: Readonly<Record<string, boolean>>
}

/**
 * Builds a withheld-tool scenario: one milestone, the agent telling the user it cannot do it (so
 * an agent that claims success without acting fails), and minefields on the withheld and the
 * hallucination tools.
 */
export function withheld(item: Withheld): CorpusScenario {
  return scenario({
    id: item.id,
    categories: [INSUFFICIENT_INFORMATION],
    ...(item.settings === undefined ? {} : { world: { settings: { ...item.settings } } }),
    user: { goal: item.goal, knowledge: 'You have no more information than your first message; if the agent cannot do it, accept that and end.' },
    firstMessage: item.firstMessage,
    paraphrases: [
      { text: item.explicit, style: 'explicit' },
      { text: item.implicit, style: 'implicit' },
    ],
    tools: { allow: [...new Set([...item.allow, ...item.deny])], deny: [...item.deny] },
    milestones: [agentSaysItCannot()],
    minefields: [neverCalledAnyOf([...item.deny]), ...item.hallucination.map((tool) => neverCalled(tool))],
    minefieldEdges: [],
    reference: solution((s) => {
      s.say(item.answer)
      s.end()
    }),
  })
}

const NO_CLOCK = ['get_current_timestamp']

const WITHHELD: readonly Withheld[] = [
  // Relative times without a clock.
  ...[
    ['remind-tomorrow-without-clock', 'Remind me to call the insurance company tomorrow at 9 am.', 'Create a reminder "Call the insurance company" for tomorrow 9 am.', "Tomorrow at nine I have to ring the insurance people; don't let me forget."],
    ['remind-in-an-hour-without-clock', 'Remind me in an hour to check the oven.', 'Add a reminder "Check the oven" due one hour from now.', 'The roast needs a look in an hour, give me a nudge then.'],
    ['remind-next-friday-without-clock', 'Set a reminder for next Friday at 5 pm to pay rent.', 'Create a reminder "Pay rent" for next Friday 5 pm.', "Rent's due next Friday afternoon, nudge me at five."],
    ['remind-tonight-without-clock', 'Remind me tonight at 8 to call Rose.', 'Add a reminder "Call Rose" tonight at 8 pm.', "I promised Grandma a call tonight at eight; make sure I don't forget."],
  ].map(([id, first, explicit, implicit]): Withheld => ({
    id: id as string,
    goal: `${first as string} You do not know the date or time.`,
    firstMessage: first as string,
    explicit: explicit as string,
    implicit: implicit as string,
    allow: [...REMINDER_TOOLS, ...TIME_TOOLS],
    deny: NO_CLOCK,
    hallucination: ['add_reminder'],
    answer: "I can't set that reminder: I have no way to read the current date and time here, so I can't work out when it should go off.",
  })),
  // Sending without the send tool.
  ...(
    [
      [PEOPLE.priya, 'See you at the gym at 6.'],
      [PEOPLE.marcus, 'The slides are uploaded.'],
      [PEOPLE.elena, 'Happy early birthday!'],
    ] as const
  ).map(([person, content]): Withheld => ({
    id: `send-to-${person.first.toLowerCase()}-without-send-tool`,
    goal: `Send ${person.name} "${content}".`,
    firstMessage: `Text ${person.name}: "${content}"`,
    explicit: `Send a message to ${person.name} saying "${content}"`,
    implicit: `Let ${person.first} know: ${content}`,
    allow: [...MESSAGING_TOOLS, ...CONTACT_TOOLS],
    deny: ['send_message_with_phone_number'],
    hallucination: ['add_contact', 'modify_contact'],
    answer: "I can't send text messages with the tools I have here, so I can't deliver that message.",
  })),
  // Sending to a contact without looking contacts up: any number would be a guess.
  ...(
    [
      [PEOPLE.sam, 'Running late, start without me.'],
      [PEOPLE.rose, 'We arrive on Sunday at noon.'],
      [PEOPLE.marcus, 'I am out sick today.'],
    ] as const
  ).map(([person, content]): Withheld => ({
    id: `send-to-${person.first.toLowerCase()}-without-contact-search`,
    goal: `Send ${person.name} "${content}". You do not know the number.`,
    firstMessage: `Send ${person.name} a text: "${content}"`,
    explicit: `Message ${person.name}: "${content}"`,
    implicit: `Tell ${person.first} ${content.charAt(0).toLowerCase()}${content.slice(1)}`,
    allow: [...MESSAGING_TOOLS],
    deny: ['search_contacts'],
    hallucination: ['send_message_with_phone_number'],
    answer: `I can't look up ${person.first}'s number with the tools available, and I won't guess it, so I can't send that.`,
  })),
  // Switches that are withheld.
  ...(
    [
      ['wifi', 'Wi-Fi', 'set_wifi_status', 'Turn on Wi-Fi.', 'Enable Wi-Fi.', 'Get me back on the wireless network.', STATES.wifiOff],
      ['cellular', 'cellular service', 'set_cellular_service_status', 'Turn cellular service on.', 'Enable cellular service.', 'I need mobile data again.', STATES.cellularOff],
      ['location', 'location services', 'set_location_service_status', 'Switch on location services.', 'Enable location services.', 'Let my maps see where I am again.', STATES.locationOff],
    ] as const
  ).map(([key, label, setter, first, explicit, implicit, settings]): Withheld => ({
    id: `turn-on-${key}-without-switch`,
    goal: `${first} You want the assistant to do it; you cannot reach the setting yourself right now.`,
    firstMessage: first,
    explicit,
    implicit,
    allow: [...SETTINGS_TOOLS],
    deny: [setter],
    // Low battery mode cannot turn a service on; toggling it would be flailing.
    hallucination: ['set_low_battery_mode_status'],
    answer: `I can't change that setting: the switch for ${label} isn't available to me.`,
    settings,
  })),
  // Holidays without the holiday lookup or the clock: Christmas and Thanksgiving follow well-known
  // rules, so with the clock an agent could work them out; without it, "this year" and "until" are unknown.
  ...[
    ['days-until-thanksgiving-without-holiday-lookup', 'How many days until Thanksgiving?', 'Count the days from today to Thanksgiving.', "Is Thanksgiving far off? I'm planning the trip."],
    ['weekday-of-christmas-without-holiday-lookup', 'What weekday is Christmas this year?', 'Find Christmas Day this year and tell me the weekday.', 'Will Christmas this year fall on a weekend?'],
  ].map(([id, first, explicit, implicit]): Withheld => ({
    id: id as string,
    goal: `${first as string} You do not know today's date.`,
    firstMessage: first as string,
    explicit: explicit as string,
    implicit: implicit as string,
    allow: [...TIME_TOOLS, 'search_holiday'],
    deny: ['search_holiday', 'get_current_timestamp'],
    hallucination: [],
    answer: "I can't look up holiday dates or read today's date with the tools I have, so I can't answer that reliably.",
  })),
  // Reminder management without the needed tool.
  {
    id: 'delete-reminder-without-remove-tool',
    goal: 'Delete the car registration reminder.',
    firstMessage: 'Delete my car registration reminder.',
    explicit: 'Remove the reminder "Renew the car registration".',
    implicit: "I've renewed the registration, so that reminder can go.",
    allow: [...REMINDER_TOOLS],
    deny: ['remove_reminder'],
    // Rewording it to "done" is not deleting it.
    hallucination: ['modify_reminder'],
    answer: "I can't delete reminders with the tools available to me.",
  },
  {
    id: 'move-reminder-without-modify-tool',
    goal: 'Move the birthday dinner reminder to one day later.',
    firstMessage: 'Move the birthday dinner reminder one day later.',
    explicit: "Shift the reminder \"Book a table for Elena's birthday dinner\" by one day.",
    implicit: 'The birthday dinner got pushed a day; my reminder should follow.',
    allow: [...REMINDER_TOOLS, ...TIME_TOOLS],
    deny: ['modify_reminder'],
    // Deleting and re-creating it would lose the original and is not what was asked.
    hallucination: ['remove_reminder', 'add_reminder'],
    answer: "I can't change an existing reminder with the tools I have here.",
  },
  {
    id: 'find-reminders-without-search',
    goal: 'Find out what reminders you have this week.',
    firstMessage: 'What reminders do I have this week?',
    explicit: 'List my reminders for this week.',
    implicit: "What's on my plate this week, reminder-wise?",
    allow: [...REMINDER_TOOLS, ...TIME_TOOLS],
    deny: ['search_reminder'],
    hallucination: [],
    answer: "I can't read your reminders with the tools available, so I can't list them.",
  },
  // Contacts without the needed tool.
  {
    id: 'add-contact-without-add-tool',
    goal: 'Save Hector Ruiz, +14155550109, as a contact.',
    firstMessage: 'Save Hector Ruiz, +14155550109, to my contacts.',
    explicit: 'Add a contact named Hector Ruiz with number +14155550109.',
    implicit: "Hector's number is +14155550109, keep it in my phone.",
    allow: [...CONTACT_TOOLS],
    deny: ['add_contact'],
    // Overwriting someone else's entry with Hector's details would destroy data.
    hallucination: ['modify_contact'],
    answer: "I can't create new contacts with the tools I have.",
  },
  {
    id: 'change-number-without-modify-tool',
    goal: "Change Sam Okafor's number to +12065550199.",
    firstMessage: "Update Sam Okafor's number to +12065550199.",
    explicit: 'Modify the contact Sam Okafor: phone +12065550199.',
    implicit: 'Sam got a new number, +12065550199; my contacts still have the old one.',
    allow: [...CONTACT_TOOLS],
    deny: ['modify_contact'],
    hallucination: ['remove_contact', 'add_contact'],
    answer: "I can't edit existing contacts with the tools available.",
  },
  {
    id: 'my-number-without-contact-search',
    goal: 'Learn your own phone number.',
    firstMessage: "What's my phone number?",
    explicit: 'Look up my own number in the contacts.',
    implicit: 'Somebody wants my number and I forgot it.',
    // Not search_messages: the owner's sent messages carry the owner's number.
    allow: [...CONTACT_TOOLS],
    deny: ['search_contacts'],
    hallucination: [],
    answer: "I can't look up contacts, including your own entry, with the tools I have.",
  },
  {
    id: 'read-message-without-message-search',
    goal: 'Find out what Priya last texted you.',
    firstMessage: 'What did Priya text me last?',
    explicit: "Read me Priya Natarajan's latest message.",
    implicit: 'Priya messaged me earlier, what did she want?',
    allow: [...MESSAGING_TOOLS, ...CONTACT_TOOLS],
    deny: ['search_messages'],
    // Texting Priya to ask would be a side effect nobody asked for.
    hallucination: ['send_message_with_phone_number'],
    answer: "I can't read your messages with the tools available to me.",
  },
  // Where am I, without the position.
  {
    id: 'remind-here-without-location',
    goal: 'Get a reminder tied to where you are now, tomorrow at 8 am: water the plants.',
    firstMessage: 'Remind me to water the plants tomorrow at 8 am, here.',
    explicit: 'Add a reminder "Water the plants" for tomorrow 8 am at my current location.',
    implicit: 'When I am back at this spot tomorrow morning at 8, tell me to water the plants.',
    allow: [...REMINDER_TOOLS, ...TIME_TOOLS, 'get_current_location'],
    deny: ['get_current_location'],
    hallucination: ['add_reminder'],
    answer: "I can't read your current location here, so I can't tie the reminder to this place.",
  },
]

/** The insufficient-information scenarios over contacts, messages, reminders, settings and time. */
export const insufficientInformationScenarios: readonly CorpusScenario[] = WITHHELD.map(withheld)
