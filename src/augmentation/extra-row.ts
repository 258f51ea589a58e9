import { z } from 'zod'
import { jsonValueSchema } from '../scenario/index.ts'
import type { JsonObject } from '../world/index.ts'

/**
 * Why a row was added to the starting world: `near-duplicate`, a copy of a row the scenario
 * works with whose name (or other text) differs by a letter and whose identifying values are new;
 * `other-people`, a copy of a row the scenario does not touch, made someone else's (new key, new
 * texts). Many near-duplicates of one row make more rows than a search returns.
 */
export const EXTRA_ROW_KINDS = ['near-duplicate', 'other-people'] as const
/** One of {@link EXTRA_ROW_KINDS}. */
export type ExtraRowKind = (typeof EXTRA_ROW_KINDS)[number]

/**
 * A row added to the scenario's starting world (a world perturbation): valid under its table's
 * row schema, with a key no other row has, and chosen so that the scenario's solution still holds.
 */
export interface ExtraRow {
  readonly table: string
  readonly row: JsonObject
  readonly kind: ExtraRowKind
  /** The row it was drawn from, by its name (or key), for the words (`a near-duplicate row in contacts (of Marcus Bell)`). */
  readonly from?: string
  /**
   * The key values of the row it goes right before in its table; absent (and no `after`), it
   * goes after the table's rows. Near-duplicates of one row go on both sides of it, so that an
   * agent cannot find the original by its position alone, whichever way a tool lists the table.
   */
  readonly before?: JsonObject
  /** The key values of the row it goes right after in its table. */
  readonly after?: JsonObject
}

/** The schema of an extra row written as JSON. */
export const extraRowSchema = z
  .object({
    table: z.string().min(1),
    row: z.record(z.string(), jsonValueSchema),
    kind: z.enum(EXTRA_ROW_KINDS),
    from: z.string().optional(),
    before: z.record(z.string(), jsonValueSchema).optional(),
    after: z.record(z.string(), jsonValueSchema).optional(),
  })
  .strict()
