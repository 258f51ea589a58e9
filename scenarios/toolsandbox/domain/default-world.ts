import type { Clock } from '../../../src/tools/context.ts'
import { createWorld } from '../../../src/world/index.ts'
import type { JsonValue, WorldSnapshot } from '../../../src/world/index.ts'
import { CONTACTS_TABLE, DEVICE_TABLE_INFO, MESSAGES_TABLE, REMINDERS_TABLE, SETTINGS_TABLE } from './device-tables.ts'

/** The default device's id. */
export const DEFAULT_DEVICE_ID = 'e3e13314-26ef-4889-a4ad-b6273a23770e'

/**
 * Where the default device is: the Civic Center of San Francisco, one of the bundled cities, so
 * "near me" questions find places and weather.
 */
export const DEFAULT_LOCATION = Object.freeze({ latitude: 37.7793, longitude: -122.4193 })

/** The person ids of the default contacts. */
export const DEFAULT_PERSON_IDS = Object.freeze({
  /** Jordan Lee, the device owner. */
  jordan: 'dbd8d872-e4c6-47f6-935b-8f29d67537de',
  priya: 'af397beb-ddd2-49fa-ac14-201b45b1dd04',
  marcus: 'f96c34ca-9342-494d-b35c-1b04cfdfee64',
  elena: '74d2869b-28bc-4316-baba-e39fbf6e6804',
  sam: 'e2f6e729-bcb1-4de4-bb7a-4b000beceead',
  rose: '6fea69c6-0bf9-4301-a64a-d40b85434636',
})

/** The message ids of the default messages, oldest first. */
export const DEFAULT_MESSAGE_IDS = Object.freeze([
  '343bd829-f10d-470d-8d7e-44464562d457',
  '353bdb86-f00d-4366-8c7e-45dd4262dd0c',
  '323bc94f-ef0d-4ff3-bf7e-b6884362dda5',
  '333bc8bc-ee0d-4c4c-be7e-ba1f4862f39a',
  '383bc6dd-ed0d-44d9-817e-495a4962f633',
] as const)

/** The reminder ids of the default reminders. */
export const DEFAULT_REMINDER_IDS = Object.freeze([
  '768f6726-f431-4e41-af28-ef560f4713ce',
  '758f63b9-fb31-4752-b028-d2c912473685',
  '748f6e0c-fa31-4bff-a528-eb4c114732fc',
] as const)

/** The default contacts' phone numbers, by person. */
export const DEFAULT_PHONE_NUMBERS = Object.freeze({
  jordan: '+14155550132',
  priya: '+14155550178',
  marcus: '+16505550143',
  elena: '+13105550191',
  sam: '+12065550117',
  rose: '+15035550126',
  /** A parcel locker service that is not in the contacts. */
  parcelService: '+14085550199',
})

const MINUTE = 60
const HOUR = 3600
const DAY = 86_400

/**
 * The default world, with every timestamp relative to the clock's now so that "yesterday" and
 * "in an hour" mean the same thing in every scenario. Ids are fixed strings.
 *
 * - settings: cellular, Wi-Fi and location service on, low battery mode off, in San Francisco;
 * - contacts: Jordan Lee (the owner, "self"), Priya Natarajan (friend), Marcus Bell (boss),
 *   Elena Vasquez (sister), Sam Okafor (coworker), Rose Lee (grandmother);
 * - messages: an exchange with an unknown parcel service number two days ago, a request from
 *   Marcus and Jordan's answer three hours ago, and a question from Priya 25 minutes ago;
 * - reminders: one overdue (car registration), one in two days (Elena's birthday dinner), one in
 *   an hour at a dry cleaner in Hayes Valley.
 */
export function defaultWorld(clock: Clock): WorldSnapshot {
  return createWorld(defaultDeviceRows(clock), { ...DEVICE_TABLE_INFO })
}

/** The rows of {@link defaultWorld}, by table: the device domain's `defaultRows`. */
export function defaultDeviceRows(clock: Clock): Record<string, Record<string, JsonValue>[]> {
  const now = clock.now
  const people = DEFAULT_PERSON_IDS
  const phones = DEFAULT_PHONE_NUMBERS
  const [message0, message1, message2, message3, message4] = DEFAULT_MESSAGE_IDS
  const [reminder0, reminder1, reminder2] = DEFAULT_REMINDER_IDS
  const tables: Record<string, Record<string, JsonValue>[]> = {
    [SETTINGS_TABLE]: [
      {
        device_id: DEFAULT_DEVICE_ID,
        cellular: true,
        wifi: true,
        location_service: true,
        low_battery_mode: false,
        latitude: DEFAULT_LOCATION.latitude,
        longitude: DEFAULT_LOCATION.longitude,
      },
    ],
    [CONTACTS_TABLE]: [
      { person_id: people.jordan, name: 'Jordan Lee', phone_number: phones.jordan, relationship: 'self', is_self: true },
      { person_id: people.priya, name: 'Priya Natarajan', phone_number: phones.priya, relationship: 'friend', is_self: false },
      { person_id: people.marcus, name: 'Marcus Bell', phone_number: phones.marcus, relationship: 'boss', is_self: false },
      { person_id: people.elena, name: 'Elena Vasquez', phone_number: phones.elena, relationship: 'sister', is_self: false },
      { person_id: people.sam, name: 'Sam Okafor', phone_number: phones.sam, relationship: 'coworker', is_self: false },
      { person_id: people.rose, name: 'Rose Lee', phone_number: phones.rose, relationship: 'grandmother', is_self: false },
    ],
    [MESSAGES_TABLE]: [
      {
        message_id: message0,
        sender_person_id: null,
        sender_phone_number: phones.parcelService,
        recipient_person_id: people.jordan,
        recipient_phone_number: phones.jordan,
        content: 'Your parcel is waiting in locker 14, pick-up code 5521.',
        creation_timestamp: now - 2 * DAY - 5 * HOUR,
      },
      {
        message_id: message1,
        sender_person_id: people.jordan,
        sender_phone_number: phones.jordan,
        recipient_person_id: null,
        recipient_phone_number: phones.parcelService,
        content: 'Thanks, I will collect it tonight.',
        creation_timestamp: now - 2 * DAY - 4 * HOUR - 30 * MINUTE,
      },
      {
        message_id: message2,
        sender_person_id: people.marcus,
        sender_phone_number: phones.marcus,
        recipient_person_id: people.jordan,
        recipient_phone_number: phones.jordan,
        content: 'Could you send me the quarterly slides before the board call?',
        creation_timestamp: now - 3 * HOUR - 12 * MINUTE,
      },
      {
        message_id: message3,
        sender_person_id: people.jordan,
        sender_phone_number: phones.jordan,
        recipient_person_id: people.marcus,
        recipient_phone_number: phones.marcus,
        content: 'Sure, you will have them before lunch.',
        creation_timestamp: now - 3 * HOUR,
      },
      {
        message_id: message4,
        sender_person_id: people.priya,
        sender_phone_number: phones.priya,
        recipient_person_id: people.jordan,
        recipient_phone_number: phones.jordan,
        content: 'Are we still on for climbing on Saturday?',
        creation_timestamp: now - 25 * MINUTE,
      },
    ],
    [REMINDERS_TABLE]: [
      {
        reminder_id: reminder0,
        content: 'Renew the car registration',
        creation_timestamp: now - 4 * DAY,
        reminder_timestamp: now - 2 * DAY,
        latitude: null,
        longitude: null,
      },
      {
        reminder_id: reminder1,
        content: "Book a table for Elena's birthday dinner",
        creation_timestamp: now - DAY,
        reminder_timestamp: now + 2 * DAY,
        latitude: null,
        longitude: null,
      },
      {
        reminder_id: reminder2,
        content: 'Pick up the suit from the dry cleaner',
        creation_timestamp: now - 2 * HOUR,
        reminder_timestamp: now + HOUR,
        latitude: 37.7765,
        longitude: -122.4242,
      },
    ],
  }
  return tables
}
