// The shape of a run's transcript, as the runs file and the HTML report hold it: its schema alone,
// with nothing but zod and the JSON value schema behind it, so that what reads runs files (the
// command that writes a report, merge, compare) checks transcripts without loading what builds
// them (the world, its diffs, the tools shown).
import { z } from 'zod'
import { jsonValueSchema } from '../domain/world-spec.ts'

const rowSchema = z.record(z.string(), jsonValueSchema)

export const tableDiffSchema = z
  .object({
    table: z.string(),
    added: z.array(rowSchema),
    removed: z.array(rowSchema),
    updated: z.array(z.object({ before: rowSchema, after: rowSchema, columns: z.array(z.string()) }).strict()),
  })
  .strict()

const transcriptMessageSchema = z
  .object({
    index: z.number().int().nonnegative(),
    sender: z.string(),
    recipient: z.string(),
    content: z.string(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: jsonValueSchema }).strict()).optional(),
    toolResult: z
      .object({
        callId: z.string(),
        tool: z.string(),
        arguments: jsonValueSchema,
        result: jsonValueSchema.optional(),
        error: z.object({ kind: z.string(), message: z.string() }).strict().optional(),
        /** Set on a call the agent's framework ran outside the world (see `ToolTrace.outside`). */
        outside: z
          .union([z.object({ kind: z.literal('tool') }).strict(), z.object({ kind: z.literal('handoff'), from: z.string(), to: z.string() }).strict(), z.object({ kind: z.literal('refused') }).strict()])
          .optional(),
      })
      .strict()
      .optional(),
    /** What this message changed in the world (only present when it changed something). */
    changes: z.array(tableDiffSchema).optional(),
    ended: z.boolean().optional(),
  })
  .strict()
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>

const shownToolSchema = z.object({ name: z.string(), tool: z.string(), description: z.string(), changes: z.array(z.string()) }).strict()

/**
 * What the HTML report needs of a run and no more: the messages with their tool calls and results,
 * the world changes each message caused, the key columns that name the changed rows, and the tools
 * the agent was shown with what the augmentation changed in each. World snapshots themselves are
 * left out; the changes are enough to show what happened and keep a large report small.
 */
export const transcriptSchema = z
  .object({
    scenario: z.string(),
    augmentation: z.string(),
    trial: z.number().int().nonnegative(),
    /** The agent that played the run: one test may play a scenario with several. */
    agent: z.string().optional(),
    firstUserMessageIndex: z.number().int(),
    messages: z.array(transcriptMessageSchema),
    /** The key column(s) of each changed table that has a key: rows are named by them (`accounts[acc-17]`). */
    keys: z.record(z.string(), z.array(z.string())).optional(),
    /** The display column of each changed table that names one: shown beside the key (`contacts[p-3 "Sam Okafor"]`). */
    displays: z.record(z.string(), z.string()).optional(),
    /** The tools the agent was shown (see `shownTools`), when the trajectory says. */
    tools: z.array(shownToolSchema).optional(),
  })
  .strict()
export type Transcript = z.infer<typeof transcriptSchema>
