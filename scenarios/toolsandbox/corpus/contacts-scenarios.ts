/**
 * Scenarios about the address book: adding, looking up, changing and removing contacts.
 */
import {
  agentMentions,
  phoneNumber,
  CANONICALIZATION,
  MULTIPLE_TOOL_CALL,
  neverCalled,
  rowsAdded,
  rowsRemoved,
  rowsUpdated,
  scenario,
  SINGLE_TOOL_CALL,
  SINGLE_USER_TURN,
  solution,
  TABLES,
  toolCalled,
  toolCalledAnyOf,
} from '../authoring.ts'
import type { CorpusScenario } from '../authoring.ts'
import { contactRow, EXTRA_PEOPLE, PEOPLE } from './people.ts'
import type { Person } from './people.ts'

/** The tools a contacts scenario offers. */
export const CONTACT_TOOLS = ['add_contact', 'modify_contact', 'remove_contact', 'search_contacts'] as const

interface NewContact {
  readonly id: string
  readonly name: string
  readonly written: string
  readonly phone: string
  readonly relationship?: string
}

const NEW_CONTACTS: readonly NewContact[] = [
  { id: 'add-contact-coworker', name: 'Dana Whitfield', written: '+1 (312) 555-0187', phone: '+13125550187', relationship: 'coworker' },
  { id: 'add-contact-plumber', name: 'Hector Ruiz', written: '+1 415-555-0109', phone: '+14155550109', relationship: 'plumber' },
  { id: 'add-contact-no-relationship', name: 'Yusuf Demir', written: '+90 532 555 0147', phone: '+905325550147' },
  { id: 'add-contact-dentist', name: 'Dr. Maren Holt', written: '+1 650 555 0171', phone: '+16505550171', relationship: 'dentist' },
  { id: 'add-contact-neighbour', name: 'Oksana Lysenko', written: '+1.206.555.0153', phone: '+12065550153', relationship: 'neighbor' },
]

function addContact(item: NewContact): CorpusScenario {
  const relation = item.relationship
  return scenario({
    id: item.id,
    categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
    user: { goal: `Save ${item.name} (${item.written})${relation === undefined ? '' : ` as your ${relation}`} in your contacts.`, knowledge: 'You have no other details.' },
    firstMessage: `Add ${item.name} to my contacts, number ${item.written}${relation === undefined ? '' : `, ${relation}`}.`,
    paraphrases: [
      { text: `Create a contact: ${item.name}, phone ${item.written}${relation === undefined ? '' : `, relationship ${relation}`}.`, style: 'explicit' },
      { text: `${item.name}${relation === undefined ? '' : `, my ${relation},`} gave me the number ${item.written}; keep it in my phone.`, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    milestones: [
      rowsAdded(TABLES.contacts, [{ name: item.name, phone_number: item.phone, ...(relation === undefined ? {} : { relationship: relation }), is_self: false }], {
        name: 'exact',
        ...(relation === undefined ? {} : { relationship: 'rouge-l' }),
      }),
    ],
    reference: solution((s) => {
      s.call('add_contact', { name: item.name, phone_number: item.phone, ...(relation === undefined ? {} : { relationship: relation }) })
      s.say(`${item.name} is saved.`)
      s.end()
    }),
  })
}

/** A contact search by any part of the person's name (as written or in lower case). */
function searchedByName(person: Person) {
  const parts = [...new Set(person.name.split(' ').flatMap((part) => [part, part.toLowerCase()]))]
  return toolCalledAnyOf(parts.map((part) => ({ tool: 'search_contacts', arguments: { name: part }, compare: { name: 'contains' as const } })))
}

function lookUpNumber(person: Person, inserted: boolean): CorpusScenario {
  return scenario({
    id: `look-up-number-of-${person.first.toLowerCase()}`,
    categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
    ...(inserted ? { world: { insert: { [TABLES.contacts]: [contactRow(person)] } } } : {}),
    user: { goal: `Learn ${person.name}'s phone number.`, knowledge: 'You do not know the number.' },
    firstMessage: `What's ${person.name}'s phone number?`,
    paraphrases: [
      { text: `Look up the number saved for ${person.name}.`, style: 'explicit' },
      { text: `I need to call ${person.first}, what number do I dial?`, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    // A search by first or last name counts: the answer alone cannot show that the number was looked up.
    milestones: [searchedByName(person), agentMentions(phoneNumber(person.phone))],
    minefields: [neverCalled('modify_contact')],
    reference: solution((s) => {
      s.call('search_contacts', { name: person.name })
      s.say(`${person.first}'s number is ${person.phone}.`)
      s.end()
    }),
  })
}

interface NumberChange {
  readonly person: Person
  readonly inserted: boolean
  readonly written: string
  readonly phone: string
}

const NUMBER_CHANGES: readonly NumberChange[] = [
  { person: PEOPLE.sam, inserted: false, written: '+1 206 555 0199', phone: '+12065550199' },
  { person: PEOPLE.elena, inserted: false, written: '+1 (310) 555-0122', phone: '+13105550122' },
  { person: EXTRA_PEOPLE.dmitri, inserted: true, written: '+1 773 555 0190', phone: '+17735550190' },
  { person: EXTRA_PEOPLE.tomasz, inserted: true, written: '+48 601 555 014', phone: '+48601555014' },
]

function changeNumber(item: NumberChange): CorpusScenario {
  const person = item.person
  return scenario({
    id: `change-number-of-${person.first.toLowerCase()}`,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN, CANONICALIZATION],
    ...(item.inserted ? { world: { insert: { [TABLES.contacts]: [contactRow(person)] } } } : {}),
    user: { goal: `Update ${person.name}'s number to ${item.written}.`, knowledge: 'You do not know the old number.' },
    firstMessage: `${person.name} has a new number: ${item.written}. Update the contact.`,
    paraphrases: [
      { text: `Change the phone number of ${person.name} to ${item.written}.`, style: 'explicit' },
      { text: `${person.first} switched carriers, the number is ${item.written} now.`, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    // Any contact search counts (first name, last name, ...): the change to this person_id shows the right one was found.
    milestones: [toolCalled('search_contacts'), rowsUpdated(TABLES.contacts, [{ person_id: person.id, name: person.name, phone_number: item.phone }])],
    // A second entry would leave the old number behind.
    minefields: [neverCalled('add_contact')],
    reference: solution((s) => {
      const found = s.call('search_contacts', { name: person.name })
      s.call('modify_contact', { person_id: found.result('0.person_id'), phone_number: item.phone })
      s.say(`${person.first}'s number is now ${item.phone}.`)
      s.end()
    }),
  })
}

function removeContact(person: Person, inserted: boolean): CorpusScenario {
  return scenario({
    id: `remove-contact-${person.first.toLowerCase()}`,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
    ...(inserted ? { world: { insert: { [TABLES.contacts]: [contactRow(person)] } } } : {}),
    user: { goal: `Delete ${person.name} from your contacts.`, knowledge: 'You have no other request.' },
    firstMessage: `Delete ${person.name} from my contacts.`,
    paraphrases: [
      { text: `Remove the contact ${person.name}.`, style: 'explicit' },
      { text: `I don't need ${person.first}'s details on my phone any more.`, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    // Any contact search counts (first name, last name, ...): the change to this person_id shows the right one was found.
    milestones: [toolCalled('search_contacts'), rowsRemoved(TABLES.contacts, [{ person_id: person.id }])],
    reference: solution((s) => {
      const found = s.call('search_contacts', { name: person.name })
      s.call('remove_contact', { person_id: found.result('0.person_id') })
      s.say(`${person.name} is no longer in your contacts.`)
      s.end()
    }),
  })
}

interface RelationshipChange {
  readonly person: Person
  readonly relationship: string
  /** The implicit paraphrase: the reason for the change, in the user's words. */
  readonly implicit: string
}

function changeRelationship(item: RelationshipChange): CorpusScenario {
  const person = item.person
  return scenario({
    id: `change-relationship-of-${person.first.toLowerCase()}`,
    categories: [MULTIPLE_TOOL_CALL, SINGLE_USER_TURN],
    user: { goal: `Record ${person.name} as your ${item.relationship}.`, knowledge: 'You have no other request.' },
    firstMessage: `${person.name} is my ${item.relationship} now; update the contact.`,
    paraphrases: [
      { text: `Set the relationship of ${person.name} to ${item.relationship}.`, style: 'explicit' },
      { text: item.implicit, style: 'implicit' },
    ],
    tools: { allow: [...CONTACT_TOOLS] },
    milestones: [rowsUpdated(TABLES.contacts, [{ person_id: person.id, phone_number: person.phone, relationship: item.relationship }], { relationship: 'rouge-l' })],
    reference: solution((s) => {
      const found = s.call('search_contacts', { name: person.name })
      s.call('modify_contact', { person_id: found.result('0.person_id'), relationship: item.relationship })
      s.say(`${person.first} is now saved as your ${item.relationship}.`)
      s.end()
    }),
  })
}

const whoIsMySister = scenario({
  id: 'who-is-my-sister',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: 'Find out which contact is saved as your sister.', knowledge: 'You have forgotten how she is saved.' },
  firstMessage: 'Which of my contacts is saved as my sister?',
  paraphrases: [
    { text: 'Search my contacts for the relationship "sister" and tell me the name.', style: 'explicit' },
    { text: 'How did I save my sister in the phone?', style: 'implicit' },
  ],
  tools: { allow: [...CONTACT_TOOLS] },
  milestones: [toolCalled('search_contacts', { relationship: 'sister' }), agentMentions('Elena Vasquez')],
  reference: solution((s) => {
    s.call('search_contacts', { relationship: 'sister' })
    s.say('Your sister is saved as Elena Vasquez.')
    s.end()
  }),
})

const myOwnNumber = scenario({
  id: 'what-is-my-own-number',
  categories: [SINGLE_TOOL_CALL, SINGLE_USER_TURN],
  user: { goal: "Learn your own phone's number.", knowledge: 'You do not remember your number.' },
  firstMessage: "What's my own phone number?",
  paraphrases: [
    { text: 'Look up the contact marked as me and give me its number.', style: 'explicit' },
    { text: 'Someone wants my number and I forgot it.', style: 'implicit' },
  ],
  tools: { allow: [...CONTACT_TOOLS] },
  // The own contact is marked both by is_self and by the relationship "self"; either search is right.
  milestones: [
    toolCalledAnyOf([
      { tool: 'search_contacts', arguments: { is_self: true } },
      { tool: 'search_contacts', arguments: { relationship: 'self' } },
    ]),
    agentMentions(phoneNumber(PEOPLE.jordan.phone)),
  ],
  reference: solution((s) => {
    s.call('search_contacts', { is_self: true })
    s.say(`Your number is ${PEOPLE.jordan.phone}.`)
    s.end()
  }),
})

/** The contacts scenarios. */
export const contactsScenarios: readonly CorpusScenario[] = [
  ...NEW_CONTACTS.map(addContact),
  lookUpNumber(PEOPLE.marcus, false),
  lookUpNumber(PEOPLE.rose, false),
  lookUpNumber(EXTRA_PEOPLE.fatima, true),
  ...NUMBER_CHANGES.map(changeNumber),
  removeContact(PEOPLE.sam, false),
  removeContact(EXTRA_PEOPLE.aiko, true),
  changeRelationship({ person: PEOPLE.priya, relationship: 'roommate', implicit: "Priya moved in with me, so she's my roommate now. My contacts should say so." }),
  changeRelationship({ person: PEOPLE.sam, relationship: 'former coworker', implicit: "Sam left the company, so he's a former coworker now. Fix that in my contacts." }),
  whoIsMySister,
  myOwnNumber,
]
