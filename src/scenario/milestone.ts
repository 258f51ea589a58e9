import { z } from 'zod'
import { jsonValueSchema } from '../domain/index.ts'

export { jsonValueSchema }

/** The similarities every scenario may use, whatever its domain. */
export const BUILT_IN_SIMILARITIES = ['exact', 'contains', 'mentions', 'rouge-l', 'semantic', 'reports-failure', 'any'] as const
/** One of {@link BUILT_IN_SIMILARITIES}. */
export type BuiltInSimilarity = (typeof BUILT_IN_SIMILARITIES)[number]
/**
 * A built-in similarity, a numeric tolerance, or the name of a similarity of the scenario's domain.
 * A tolerance with no bound (ToolSandbox's `float("inf")`) is `Infinity` in TypeScript and
 * `"infinity"` in JSON, which has no infinite number.
 */
export type Similarity = BuiltInSimilarity | { readonly close: number | 'infinity' } | (string & {})

/**
 * The `Infinity` member of a tolerance. JSON cannot hold it, so the scenario files' JSON Schema
 * leaves it out (they write `"infinity"`).
 */
export const infinityToleranceSchema = z.literal(Number.POSITIVE_INFINITY)

/**
 * How one column (or one argument) of a target is compared with the actual value.
 * - `exact`: equal JSON values (a `null` target also matches a missing value);
 * - `{ close }`: numbers within an absolute tolerance, inclusive; `{ close: Infinity }` (JSON:
 *   `{ "close": "infinity" }`) accepts any number, as ToolSandbox's infinite tolerance does
 *   (values that are not numbers still compare exactly);
 * - `contains`: the actual text contains the target text (case-sensitive, as in ToolSandbox);
 * - `mentions`: the actual text contains the target text after both are normalised: lower-cased,
 *   runs of whitespace collapsed to one space and trimmed, and commas between digit groups
 *   removed (`38,278.48` reads as `38278.48`); a target that starts (ends) with a digit must not
 *   be preceded (followed) by a digit there, so `50` is not found in `150`, nor `4.6` in `14.6`;
 * - `rouge-l`: ROUGE-L F-measure with stemming, as the Python `rouge-score` package computes it;
 * - `semantic`: cosine similarity of embeddings (see the evaluation's embedder option);
 * - `reports-failure`: for a message, whether the judge says it tells the user that what they
 *   asked could not be done (the target text is not read): 1 for `yes`, 0 for `no`, and 1 for
 *   `cannot-tell`, which never fails a run and is counted apart (see the evaluation's judge option);
 * - `any`: always 1 (the column is not checked);
 * - any other name: a similarity the scenario's domain defines (its `similarities`), checked
 *   against the domain when the scenario meets it.
 */
export const similaritySchema: z.ZodType<Similarity, Similarity> = z.union([
  z.enum(BUILT_IN_SIMILARITIES),
  z.object({ close: z.union([z.number().nonnegative(), infinityToleranceSchema, z.literal('infinity')]) }).strict(),
  z.string().regex(/^[a-z][a-z0-9_-]*$/, 'a similarity is exact, contains, mentions, rouge-l, semantic, reports-failure, any, { close }, or the name of one its domain defines'),
])

/** A row as a target: column name to the expected value. */
export const targetRowSchema = z.record(z.string(), jsonValueSchema)

/**
 * Which snapshot a table constraint compares against: the index of another milestone (its
 * matched snapshot), or `'start'` for the world when the first user message arrived.
 */
export const referenceSchema = z.union([z.number().int().nonnegative(), z.literal('start')])
export type Reference = z.infer<typeof referenceSchema>

/**
 * How a fill converts an extracted value before it is used, as ToolSandbox's extractors do with
 * Python's `float(...)` and `int(...)`:
 * - `float`: a number, a numeric text (`"12.5"`, `" -3e2 "`) or a boolean becomes a number, and a
 *   `{name}` in a message reads it as Python prints a float (`3.0`, not `3`);
 * - `int`: the same, truncated toward zero as `int(...)` does (`7.9` → `7`; a text must be a
 *   whole number: `"7.9"` gives no value), and `{name}` reads it as a whole number;
 * - `decimals`: `float(...)` and then ToolSandbox's `default_value_normalization`: four
 *   alternative texts with 0, 1, 2 and 3 decimals (`12.346` → `12`, `12.3`, `12.35`, `12.346`),
 *   rounded as Python rounds them (halves to even on the exact binary value).
 * A value that cannot be converted gives no values, as an extractor that raises does in ToolSandbox.
 */
export const fillConversionSchema = z.enum(['float', 'int', 'decimals'])
export type FillConversion = z.infer<typeof fillConversionSchema>

/**
 * Where the values that fill `{ "$fill": "name" }` argument placeholders and `{name}` content
 * placeholders come from: the tool result at the message another milestone matched. Either a
 * named extractor (see the evaluation's extractor registry) or paths into `{ result, arguments }`
 * of that message's tool trace (`values: { temperature: "result.current_temperature" }`), and
 * optionally a conversion per value name (`convert: { temperature: "decimals" }`).
 */
export const fillSchema = z
  .object({
    /** The milestone whose matched message holds the tool result. */
    milestone: z.number().int().nonnegative(),
    extractor: z.string().min(1).optional(),
    values: z.record(z.string(), z.string()).optional(),
    /** Converts values by name after they are extracted (see `FillConversion`). */
    convert: z.record(z.string(), fillConversionSchema).optional(),
  })
  .strict()
  .refine((fill) => fill.extractor !== undefined || fill.values !== undefined, 'a fill needs an extractor or values')

const columnsSchema = z.record(z.string(), similaritySchema).optional()

/** The whole table equals `rows` (rows paired optimally). */
const tableEqualsSchema = z
  .object({ kind: z.literal('table'), table: z.string(), rows: z.array(targetRowSchema), columns: columnsSchema })
  .strict()

/** Rows were added / removed / updated relative to a reference; `rows` are the changed rows. */
const tableChangeSchema = z
  .object({
    kind: z.enum(['added', 'removed', 'updated']),
    table: z.string(),
    rows: z.array(targetRowSchema).min(1),
    /** The snapshot to compare with; the predecessor milestone by default, `'start'` when it has none. */
    reference: referenceSchema.optional(),
    columns: columnsSchema,
  })
  .strict()

/** A tool call matching `tool` and `arguments` happened at this message. */
export const toolCallTargetSchema = z
  .object({
    tool: z.string(),
    /** Only the named arguments are checked; extra actual arguments are ignored. */
    arguments: z.record(z.string(), jsonValueSchema).default({}),
    /** Per-argument comparison; `exact` by default (numbers: equal as numbers). */
    compare: z.record(z.string(), similaritySchema).optional(),
    /**
     * The call's answer, compared exactly (as JSON): a call that got this answer, whatever else
     * its unnamed arguments were. Only `tool-call` constraints read it (a request has no answer).
     */
    result: jsonValueSchema.optional(),
  })
  .strict()
export type ToolCallTarget = z.infer<typeof toolCallTargetSchema>

const toolCallSchema = z
  .object({
    kind: z.literal('tool-call'),
    /** Any one of these calls satisfies the constraint (the best match counts). */
    anyOf: z.array(toolCallTargetSchema).min(1),
    /**
     * `succeeded` (default for milestones): an environment→agent message whose trace is a
     * successful call. `requested` (default for minefields): any environment→agent message whose
     * trace is a call of the tool, even one that then failed, since asking already counts. Scored
     * as ToolSandbox scores (`scoring: 'toolsandbox'`) a minefield's default is `succeeded`, since
     * a failed call leaves no trace there; `request` constraints fire on the asking itself.
     * `retried`: a successful call made after a call of the same tool failed (the agent tried
     * again and got through), whatever the failed call's arguments were.
     */
    on: z.enum(['succeeded', 'requested', 'retried']).optional(),
    fill: fillSchema.optional(),
  })
  .strict()

/**
 * The agent's request: an agent→environment message asking for a call that matches one of
 * `anyOf`, whatever then became of it (ToolSandbox's minefields on the request row, such as "the
 * call message names search_lat_lon", fire here). Unlike `tool-call` with `on: 'requested'`, which
 * is placed on the environment's answer, this is placed on the request itself.
 */
const requestSchema = z
  .object({
    kind: z.literal('request'),
    /** Any one of these calls satisfies the constraint (the best match counts). */
    anyOf: z.array(toolCallTargetSchema).min(1),
    fill: fillSchema.optional(),
  })
  .strict()

/** A message from `from` to `to` whose content matches. */
const messageSchema = z
  .object({
    kind: z.literal('message'),
    from: z.enum(['agent', 'user', 'environment', 'system']).default('agent'),
    to: z.enum(['agent', 'user', 'environment', 'system']).default('user'),
    /**
     * The target text, or a non-empty list of alternative target texts (the best one counts);
     * `{name}` placeholders are filled from `fill`.
     */
    content: z.union([z.string(), z.array(z.string()).min(1)]),
    similarity: similaritySchema.default('rouge-l'),
    fill: fillSchema.optional(),
  })
  .strict()

/** One thing that must hold at the milestone's message. */
export const constraintSchema = z.discriminatedUnion('kind', [tableEqualsSchema, tableChangeSchema, toolCallSchema, requestSchema, messageSchema])
export type Constraint = z.infer<typeof constraintSchema>
export type ConstraintInput = z.input<typeof constraintSchema>

/**
 * A milestone: constraints that must all hold at one message (their similarities combine by
 * geometric mean), and guardrails that say nothing else in the world changed since the predecessor
 * or reference milestones.
 */
export const milestoneSchema = z
  .object({
    /** Shown in reports and failure messages. */
    name: z.string().optional(),
    constraints: z.array(constraintSchema).min(1),
    guardrails: z
      .object({
        /** Set to false to turn automatic guardrails off for this milestone. */
        enabled: z.boolean().default(true),
        /** Tables that may change anyway. */
        exclude: z.array(z.string()).default([]),
      })
      .strict()
      .optional(),
  })
  .strict()
export type Milestone = z.infer<typeof milestoneSchema>
export type MilestoneInput = z.input<typeof milestoneSchema>

/** A minefield: the same shape as a milestone, with the opposite meaning. */
export const minefieldSchema = milestoneSchema
export type Minefield = Milestone

/** A DAG edge `[from, to]`: milestone `from` must be matched no later than `to`. */
export const edgeSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])
export type Edge = z.infer<typeof edgeSchema>
