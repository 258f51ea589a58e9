import { z } from 'zod'
import { SETTINGS_TABLE } from '../../../src/world/index.ts'
import type { TableInfo } from '../../../src/world/index.ts'

/** The one-row table of device settings. */
export { SETTINGS_TABLE }
/** The address book. */
export const CONTACTS_TABLE = 'contacts'
/** Text messages sent and received. */
export const MESSAGES_TABLE = 'messages'
/** Reminders, optionally tied to a place. */
export const REMINDERS_TABLE = 'reminders'

const latitude = z.number().min(-90).max(90)
const longitude = z.number().min(-180).max(180)
const timestamp = z.number().finite()

/** A row of `settings`: which services are on and where the device is. */
export const settingsRowSchema = z
  .object({
    device_id: z.string().min(1),
    cellular: z.boolean(),
    wifi: z.boolean(),
    location_service: z.boolean(),
    low_battery_mode: z.boolean(),
    latitude,
    longitude,
  })
  .strict()

/** A row of `contacts`. Exactly one contact should be the device owner (`is_self`). */
export const contactRowSchema = z
  .object({
    person_id: z.string().min(1),
    name: z.string(),
    phone_number: z.string(),
    relationship: z.string().nullable().default(null),
    is_self: z.boolean().default(false),
  })
  .strict()

/** A row of `messages`. Person ids are null when the number is not in the contacts. */
export const messageRowSchema = z
  .object({
    message_id: z.string().min(1),
    sender_person_id: z.string().nullable().default(null),
    sender_phone_number: z.string(),
    recipient_person_id: z.string().nullable().default(null),
    recipient_phone_number: z.string(),
    content: z.string(),
    creation_timestamp: timestamp,
  })
  .strict()

/** A row of `reminders`; latitude and longitude are both set for a place-based reminder, else null. */
export const reminderRowSchema = z
  .object({
    reminder_id: z.string().min(1),
    content: z.string(),
    creation_timestamp: timestamp,
    reminder_timestamp: timestamp,
    latitude: latitude.nullable().default(null),
    longitude: longitude.nullable().default(null),
  })
  .strict()

/** One device table: its zod row schema, its key column and the column that names a row for people. */
export interface DeviceTable {
  readonly name: string
  readonly key: string
  readonly display?: string
  readonly rowSchema: z.ZodObject
}

/** The device tables by name, in a stable order (settings first). */
export const DEVICE_TABLES: Readonly<Record<string, DeviceTable>> = Object.freeze({
  [SETTINGS_TABLE]: { name: SETTINGS_TABLE, key: 'device_id', rowSchema: settingsRowSchema },
  [CONTACTS_TABLE]: { name: CONTACTS_TABLE, key: 'person_id', display: 'name', rowSchema: contactRowSchema },
  [MESSAGES_TABLE]: { name: MESSAGES_TABLE, key: 'message_id', display: 'content', rowSchema: messageRowSchema },
  [REMINDERS_TABLE]: { name: REMINDERS_TABLE, key: 'reminder_id', display: 'content', rowSchema: reminderRowSchema },
})

/** The `info` of every device table (its key, columns and display column), as `createWorld` takes it and the device domain's worlds hold it. */
export const DEVICE_TABLE_INFO: Readonly<Record<string, TableInfo>> = Object.freeze(
  Object.fromEntries(Object.values(DEVICE_TABLES).map((table) => [table.name, { key: table.key, columns: Object.keys(table.rowSchema.shape), ...(table.display === undefined ? {} : { display: table.display }) }])),
)
