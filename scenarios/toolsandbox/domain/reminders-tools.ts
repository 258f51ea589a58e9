import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import type { AnyTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { JsonValue } from '../../../src/world/index.ts'
import { REMINDERS_TABLE } from './device-tables.ts'
import { findRowById } from './find-row.ts'
import { searchRows } from './search-rows.ts'
import { checkLatitude, checkLongitude, checkTimestamp } from './value-checks.ts'

/** Adds a reminder. */
export const addReminder = defineTool({
  name: 'add_reminder',
  group: 'reminder',
  description: 'Creates a reminder that goes off at a given time, optionally tied to a place, and returns its reminder_id.',
  args: z.object({
    content: z.string().describe('what the owner should be reminded of'),
    reminder_timestamp: z.number().describe('when the reminder goes off, in seconds since the Unix epoch'),
    latitude: z.number().optional().describe("latitude of the reminder's place in degrees; give it together with longitude"),
    longitude: z.number().optional().describe("longitude of the reminder's place in degrees; give it together with latitude"),
  }),
  returns: 'the reminder_id of the new reminder (a string)',
  action: true,
  execute: (args, { world, clock, ids }) => {
    checkTimestamp('reminder_timestamp', args.reminder_timestamp)
    if ((args.latitude === undefined) !== (args.longitude === undefined))
      throw new ToolError('ValueError', 'a place needs both latitude and longitude; give both or neither')
    if (args.latitude !== undefined) checkLatitude('latitude', args.latitude)
    if (args.longitude !== undefined) checkLongitude('longitude', args.longitude)
    const reminderId = ids.next()
    world.insert(REMINDERS_TABLE, {
      reminder_id: reminderId,
      content: args.content,
      creation_timestamp: clock.now,
      reminder_timestamp: args.reminder_timestamp,
      latitude: args.latitude ?? null,
      longitude: args.longitude ?? null,
    })
    return reminderId
  },
})

/** Changes a reminder. */
export const modifyReminder = defineTool({
  name: 'modify_reminder',
  group: 'reminder',
  description:
    'Changes one or more fields of an existing reminder, found by its reminder_id. Fields that are not given keep their values; latitude and longitude may be set to null to drop the place. The creation time becomes now.',
  args: z.object({
    reminder_id: z.string().describe('the id of the reminder to change, as search_reminder returns it'),
    content: z.string().optional().describe('the new text'),
    reminder_timestamp: z.number().optional().describe('the new time it goes off, in seconds since the Unix epoch'),
    latitude: z.number().nullable().optional().describe("the new latitude of the reminder's place, or null for none"),
    longitude: z.number().nullable().optional().describe("the new longitude of the reminder's place, or null for none"),
  }),
  returns: 'null once the reminder has changed',
  action: true,
  execute: (args, { world, clock }) => {
    const patch: Record<string, JsonValue> = {}
    if (args.content !== undefined) patch['content'] = args.content
    if (args.reminder_timestamp !== undefined) patch['reminder_timestamp'] = checkTimestamp('reminder_timestamp', args.reminder_timestamp)
    if (args.latitude !== undefined) patch['latitude'] = args.latitude === null ? null : checkLatitude('latitude', args.latitude)
    if (args.longitude !== undefined) patch['longitude'] = args.longitude === null ? null : checkLongitude('longitude', args.longitude)
    if (Object.keys(patch).length === 0)
      throw new ToolError('ValueError', 'nothing to change: give at least one of content, reminder_timestamp, latitude, longitude besides reminder_id')
    findRowById(world, REMINDERS_TABLE, 'reminder_id', args.reminder_id)
    // Like ToolSandbox, a changed reminder counts as created now.
    world.update(REMINDERS_TABLE, (row) => row['reminder_id'] === args.reminder_id, { ...patch, creation_timestamp: clock.now })
    return null
  },
})

/** Looks up reminders. */
export const searchReminder = defineTool({
  name: 'search_reminder',
  group: 'reminder',
  description:
    'Finds reminders that match every given field. The content matches approximately; the creation and reminder times can be bounded from below and above; the id and coordinates must match exactly. Give at least one field.',
  args: z.object({
    reminder_id: z.string().optional().describe('an exact reminder_id'),
    content: z.string().optional().describe('words from the reminder text, matched approximately'),
    creation_timestamp_lowerbound: z.number().optional().describe('only reminders created at or after this time (seconds since the Unix epoch)'),
    creation_timestamp_upperbound: z.number().optional().describe('only reminders created at or before this time (seconds since the Unix epoch)'),
    reminder_timestamp_lowerbound: z.number().optional().describe('only reminders that go off at or after this time (seconds since the Unix epoch)'),
    reminder_timestamp_upperbound: z.number().optional().describe('only reminders that go off at or before this time (seconds since the Unix epoch)'),
    latitude: z.number().optional().describe("the exact latitude of the reminder's place"),
    longitude: z.number().optional().describe("the exact longitude of the reminder's place"),
  }),
  returns: 'a list of matching reminders, each { reminder_id, content, creation_timestamp, reminder_timestamp, latitude, longitude }; empty when none match',
  action: false,
  execute: (args, { world }) => {
    for (const bound of ['creation_timestamp_lowerbound', 'creation_timestamp_upperbound', 'reminder_timestamp_lowerbound', 'reminder_timestamp_upperbound'] as const) {
      const value = args[bound]
      if (value !== undefined) checkTimestamp(bound, value)
    }
    if (args.latitude !== undefined) checkLatitude('latitude', args.latitude)
    if (args.longitude !== undefined) checkLongitude('longitude', args.longitude)
    return searchRows(
      world.rows(REMINDERS_TABLE),
      {
        reminder_id: { kind: 'exact', column: 'reminder_id' },
        content: { kind: 'fuzzy', column: 'content', threshold: 50 },
        creation_timestamp_lowerbound: { kind: 'atLeast', column: 'creation_timestamp' },
        creation_timestamp_upperbound: { kind: 'atMost', column: 'creation_timestamp' },
        reminder_timestamp_lowerbound: { kind: 'atLeast', column: 'reminder_timestamp' },
        reminder_timestamp_upperbound: { kind: 'atMost', column: 'reminder_timestamp' },
        latitude: { kind: 'exact', column: 'latitude' },
        longitude: { kind: 'exact', column: 'longitude' },
      },
      args,
    )
  },
})

/** Deletes a reminder. */
export const removeReminder = defineTool({
  name: 'remove_reminder',
  group: 'reminder',
  description: 'Deletes a reminder, found by its reminder_id.',
  args: z.object({
    reminder_id: z.string().describe('the id of the reminder to delete, as search_reminder returns it'),
  }),
  returns: 'null once the reminder is gone',
  action: true,
  execute: ({ reminder_id }, { world }) => {
    findRowById(world, REMINDERS_TABLE, 'reminder_id', reminder_id)
    world.remove(REMINDERS_TABLE, (row) => row['reminder_id'] === reminder_id)
    return null
  },
})

/** The reminders tools. */
export const remindersTools = Object.freeze([addReminder, modifyReminder, searchReminder, removeReminder] as const)
