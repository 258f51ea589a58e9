import { z } from 'zod'
import type { JsonValue } from '../world/index.ts'

/** A JSON value, as zod validates it. */
export const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonValueSchema), z.record(z.string(), jsonValueSchema)]),
)

const rowsSchema = z.record(z.string(), z.array(z.record(z.string(), jsonValueSchema)))

/**
 * Changes to a domain's default world: per table, rows to append (`insert`) or the whole table
 * (`replace`), and overrides of the one-row `settings` table when the domain has one. Rows are
 * plain JSON; a cell written `{ "$now": <seconds> }` is the scenario's now plus that many seconds.
 */
export const worldSpecSchema = z
  .object({
    settings: z.record(z.string(), jsonValueSchema).optional(),
    insert: rowsSchema.optional(),
    replace: rowsSchema.optional(),
    /**
     * Tables whose rows may share a key value. ToolSandbox's tables are plain lists, and its base
     * world has two messages with one id; a scenario imported from it keeps both, as ToolSandbox does.
     */
    duplicateKeys: z.array(z.string()).optional(),
  })
  .strict()
export type WorldSpec = z.infer<typeof worldSpecSchema>

/** A time relative to the scenario's frozen now, in seconds (`{ $now: -3600 }` is an hour ago). */
export interface RelativeTime {
  readonly $now: number
}
