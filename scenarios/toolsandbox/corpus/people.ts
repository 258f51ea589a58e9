/**
 * The people the device scenarios talk about: the default world's contacts (see
 * `../domain/default-world.ts`) and a few extra contacts that scenarios insert themselves.
 */
import { DEFAULT_PERSON_IDS, DEFAULT_PHONE_NUMBERS } from '../domain/default-world.ts'

/** A contact as scenarios refer to it. */
export interface Person {
  readonly id: string
  readonly name: string
  readonly first: string
  readonly phone: string
  readonly relationship: string
}

/** The contacts of the default world, by first name. */
export const PEOPLE = Object.freeze({
  jordan: { id: DEFAULT_PERSON_IDS.jordan, name: 'Jordan Lee', first: 'Jordan', phone: DEFAULT_PHONE_NUMBERS.jordan, relationship: 'self' },
  priya: { id: DEFAULT_PERSON_IDS.priya, name: 'Priya Natarajan', first: 'Priya', phone: DEFAULT_PHONE_NUMBERS.priya, relationship: 'friend' },
  marcus: { id: DEFAULT_PERSON_IDS.marcus, name: 'Marcus Bell', first: 'Marcus', phone: DEFAULT_PHONE_NUMBERS.marcus, relationship: 'boss' },
  elena: { id: DEFAULT_PERSON_IDS.elena, name: 'Elena Vasquez', first: 'Elena', phone: DEFAULT_PHONE_NUMBERS.elena, relationship: 'sister' },
  sam: { id: DEFAULT_PERSON_IDS.sam, name: 'Sam Okafor', first: 'Sam', phone: DEFAULT_PHONE_NUMBERS.sam, relationship: 'coworker' },
  rose: { id: DEFAULT_PERSON_IDS.rose, name: 'Rose Lee', first: 'Rose', phone: DEFAULT_PHONE_NUMBERS.rose, relationship: 'grandmother' },
}) satisfies Record<string, Person>

/** Contacts that are not in the default world; scenarios that need them insert them. */
export const EXTRA_PEOPLE = Object.freeze({
  tomasz: { id: '5b1f0c2e-8a41-4c3e-9d7a-0e6f2b9c1a01', name: 'Tomasz Wierzbicki', first: 'Tomasz', phone: '+12065550187', relationship: 'coworker' },
  aiko: { id: '5b1f0c2e-8a41-4c3e-9d7a-0e6f2b9c1a02', name: 'Aiko Tanabe', first: 'Aiko', phone: '+16465550124', relationship: 'friend' },
  dmitri: { id: '5b1f0c2e-8a41-4c3e-9d7a-0e6f2b9c1a03', name: 'Dmitri Volkov', first: 'Dmitri', phone: '+17735550161', relationship: 'landlord' },
  fatima: { id: '5b1f0c2e-8a41-4c3e-9d7a-0e6f2b9c1a04', name: 'Fatima Zahra Idrissi', first: 'Fatima', phone: '+33612345678', relationship: 'cousin' },
}) satisfies Record<string, Person>

/** A contacts row for `person`, as `world.insert.contacts` takes it. */
export function contactRow(person: Person): Record<string, string | boolean> {
  return { person_id: person.id, name: person.name, phone_number: person.phone, relationship: person.relationship, is_self: false }
}
