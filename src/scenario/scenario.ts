import { z } from 'zod'
import { worldSpecSchema } from '../domain/index.ts'
import { edgeSchema, jsonValueSchema, milestoneSchema, minefieldSchema } from './milestone.ts'
import type { Milestone } from './milestone.ts'
import { asksAbout } from './asks-about.ts'
import { milestoneOrderIssues } from './milestone-order.ts'
import { MAX_SCENARIO_DEPTH, tooDeepInValue } from './nesting-depth.ts'
import { ScenarioError } from './scenario-error.ts'
import { CATEGORIES } from './categories.ts'
import type { ToolSandboxCategory } from './categories.ts'

export { worldSpecSchema }
export type { WorldSpec } from '../domain/index.ts'

/** A category label: one of ToolSandbox's seven, or a label of the scenario author's. */
export type Category = ToolSandboxCategory | (string & {})
/** A category: one of ToolSandbox's seven (offered first by editors), or any other non-empty label. */
export const categorySchema: z.ZodType<Category, Category> = z.union([
  z.enum(CATEGORIES),
  z.string().regex(/^\S(.*\S)?$/, 'a category is a non-empty label without leading or trailing spaces'),
])

/** Texts that replace the domain's prompts for one scenario. */
export const scenarioPromptsSchema = z
  .object({
    /** The agent's system prompt. */
    agent: z.string().min(1).optional(),
    /** Who the simulated user is (the role-play text before its goal and what it knows). */
    user: z.string().min(1).optional(),
  })
  .strict()

/**
 * A value in a reference step's arguments that is taken from an earlier step's tool result:
 * `{ "$ref": { "step": 2, "call": 0, "path": "0.person_id" } }`.
 */
export const resultRefSchema = z
  .object({
    $ref: z
      .object({
        step: z.number().int().nonnegative(),
        call: z.number().int().nonnegative().default(0),
        /** Dot-separated path into the result; empty for the whole result. */
        path: z.string().default(''),
      })
      .strict(),
  })
  .strict()

/** One tool call of a reference step. */
export const referenceCallSchema = z
  .object({ tool: z.string(), arguments: z.record(z.string(), z.union([resultRefSchema, jsonValueSchema])).default({}) })
  .strict()
export type ReferenceCall = z.infer<typeof referenceCallSchema>

/**
 * A reply of the user in a reference solution. `answers` says what it answers: the words or
 * phrases of the question it is the answer to (`["number", "phone"]`). The scripted user then
 * keeps it (and the facts in it) until the agent's message mentions one of them; to anything else
 * it says again what it wants, without them. The agent step before it must ask about one of them.
 */
export const userReplySchema = z
  .object({
    user: z.literal('say'),
    content: z.string(),
    answers: z
      .array(z.string().regex(/\w/, 'a topic is a word or phrase of the question the reply answers'))
      .min(1)
      .optional()
      .describe('What this reply answers: words or phrases of the question it is the answer to. The scripted user gives the reply only when the agent asks about one of them.'),
  })
  .strict()

/**
 * One step of a scenario's reference solution: the agent makes tool calls (several in one step
 * are parallel calls in one message), the agent says something to the user, or the user replies
 * (see `userReplySchema`). The user's final `end` step ends the conversation.
 */
export const referenceStepSchema = z.union([
  z.object({ agent: z.literal('call'), calls: z.array(referenceCallSchema).min(1) }).strict(),
  z
    .object({
      agent: z.literal('say'),
      content: z.string(),
      /**
       * Values quoted from earlier tool results: each `{name}` in `content` becomes the value its
       * `$ref` points at (`{ "temperature": { "$ref": { "step": 0, "path": "current_temperature" } } }`),
       * so the reference can report what a tool found whatever the run's data.
       */
      values: z.record(z.string().regex(/^\w+$/, 'a value name is letters, digits and _'), resultRefSchema).optional(),
    })
    .strict(),
  userReplySchema,
  z.object({ user: z.literal('end') }).strict(),
])
export type ReferenceStep = z.infer<typeof referenceStepSchema>

/** A paraphrase of the first user message. */
export const paraphraseSchema = z
  .object({ text: z.string().min(1), style: z.enum(['explicit', 'implicit']).default('explicit') })
  .strict()

/** A worked example conversation shown only to a simulated user. */
export const demonstrationSchema = z
  .object({
    goal: z.string(),
    turns: z.array(z.object({ role: z.enum(['user', 'agent']), content: z.string() }).strict()).min(1),
  })
  .strict()

/** The scenario schema: a scenario is data, validated by this schema. */
export const scenarioSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'ids are lower-case letters, digits, _ and -'),
    /**
     * The domain whose world and tools the scenario plays in: `device` (the built-in phone, the
     * default) or the name of a domain given to the run, the plugin or the CLI.
     */
    domain: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'a domain name is lower-case letters, digits, _ and -').default('device'),
    description: z.string().optional(),
    categories: z.array(categorySchema).min(1),
    /**
     * The scenario's frozen "now" (ISO 8601 with an offset) and its IANA time zone
     * (`Europe/Berlin`), which the time tools read local dates and times in. An unknown zone is
     * refused when the scenario is defined, not when a tool first reads it.
     */
    clock: z
      .object({ now: z.iso.datetime({ offset: true }), timeZone: z.string().min(1).refine(isTimeZone, { message: 'an IANA time zone such as America/Los_Angeles or Europe/Berlin' }) })
      .strict()
      .default({ now: '2026-05-14T10:00:00-07:00', timeZone: 'America/Los_Angeles' }),
    world: worldSpecSchema.default({}),
    user: z
      .object({
        goal: z.string().min(1),
        /**
         * What the user does not know and must not make up ("You do not know Fredrik's number.").
         * May be empty: some of ToolSandbox's scenarios state no such limit.
         */
        knowledge: z.string().default(''),
        demonstrations: z.array(demonstrationSchema).default([]),
      })
      .strict(),
    firstMessage: z.string().min(1),
    paraphrases: z.array(paraphraseSchema).default([]),
    tools: z
      .object({
        allow: z.array(z.string()).min(1),
        deny: z.array(z.string()).default([]),
        /**
         * Tool names outside the domain's world that milestones and minefields may name: tools the
         * agent brings itself and its framework runs (an AI SDK tool with `execute`, an Agents SDK
         * function tool, a handoff's `transfer_to_<agent>`), or a name the agent must not make up.
         * The run neither offers nor runs them; it records their calls as the agent made them.
         */
        outside: z.array(z.string()).optional(),
      })
      .strict(),
    milestones: z.array(milestoneSchema).default([]),
    /** DAG edges between milestones; a chain 0 → 1 → ... when absent. */
    milestoneEdges: z.array(edgeSchema).optional(),
    minefields: z.array(minefieldSchema).default([]),
    minefieldEdges: z.array(edgeSchema).optional(),
    /** Replaces the domain's prompts for this scenario. */
    prompts: scenarioPromptsSchema.optional(),
    /** The most messages the run may add after the first user message (ToolSandbox: 30). */
    maxTurns: z.number().int().positive().default(30),
    /**
     * Flag agent messages that claim a milestone's effect while that milestone is not reached
     * ("your message is sent" when none was): each is a false claim, counted apart in the report,
     * and any makes the score 0. Off by default; the fault and injection augmentations turn it on.
     * `{ unreachable: [...] }` turns it on and also watches milestones the scenario no longer
     * expects (a permanent tool fault made them unreachable), which count as not reached.
     */
    falseClaims: z.union([z.boolean(), z.object({ unreachable: z.array(milestoneSchema).min(1) }).strict()]).optional(),
    /**
     * The steps a correct agent takes, with the user's replies. May be absent or empty (ToolSandbox
     * ships none): the scenario still plays with any agent, and the reference agent says it cannot
     * play it.
     */
    reference: z.array(referenceStepSchema).default([]),
    /**
     * How the scenario's own benchmark scores it: `toolsandbox` for scenarios imported from
     * ToolSandbox. A run's explicit scoring option wins over it; toolcheck's scoring when neither.
     */
    scoring: z.enum(['toolcheck', 'toolsandbox']).optional(),
    /**
     * Known problems with the scenario as its source wrote it, shown in reports. `upstream-defect`:
     * no agent can reach its milestones (a milestone on a tool the scenario never offers), so its
     * runs are reported apart and not scored as the agent's failures. `needs-live-data`: its
     * milestones hold live web facts the offline tools do not have.
     */
    caveats: z
      .array(z.object({ kind: z.enum(['upstream-defect', 'needs-live-data']), reason: z.string().min(1) }).strict())
      .optional(),
  })
  .strict()
  .superRefine((scenario, context) => {
    const checkEdges = (edges: readonly (readonly [number, number])[] | undefined, count: number, key: string) => {
      for (const [position, [from, to]] of (edges ?? []).entries()) {
        if (from >= count || to >= count || from === to)
          context.addIssue({ code: 'custom', path: [key, position], message: `edge [${from}, ${to}] does not join two different ${key.replace('Edges', 's')} of ${count}` })
      }
    }
    checkEdges(scenario.milestoneEdges, scenario.milestones.length, 'milestoneEdges')
    checkEdges(scenario.minefieldEdges, scenario.minefields.length, 'minefieldEdges')
    const allowed = new Set(scenario.tools.allow)
    const offered = new Set([...allowedTools(scenario), ...(scenario.tools.outside ?? [])])
    const checkReads = (list: readonly Milestone[], key: 'milestones' | 'minefields') => {
      const role = key.slice(0, -1)
      for (const [position, milestone] of list.entries()) {
        for (const [index, constraint] of milestone.constraints.entries()) {
          const path = [key, position, 'constraints', index]
          const read = (target: number, what: string, at: string) => {
            if (target < list.length && target !== position) return
            const available = list.length <= 1 ? `there is no other ${role}` : `use one of 0..${list.length - 1} other than ${position}`
            context.addIssue({ code: 'custom', path: [...path, at], message: `${what} names ${role} ${target}, which is not another ${role} of this scenario (${available})` })
          }
          if ('reference' in constraint && typeof constraint.reference === 'number') read(constraint.reference, 'the reference', 'reference')
          if ('fill' in constraint && constraint.fill !== undefined) read(constraint.fill.milestone, 'the fill', 'fill')
          // A minefield may name a withheld tool (that is its point); a milestone cannot be reached through one.
          if (key === 'milestones' && (constraint.kind === 'tool-call' || constraint.kind === 'request')) {
            for (const [alternative, target] of constraint.anyOf.entries()) {
              if (!offered.has(target.tool))
                context.addIssue({ code: 'custom', path: [...path, 'anyOf', alternative, 'tool'], message: `the milestone expects a call of ${target.tool}, which the scenario does not offer (offered: ${[...offered].join(', ')})` })
            }
          }
        }
      }
    }
    checkReads(scenario.milestones, 'milestones')
    checkReads(scenario.minefields, 'minefields')
    // Cycles and backward reads would otherwise surface only when a run is scored.
    for (const issue of [...milestoneOrderIssues(scenario.milestones, scenario.milestoneEdges, 'milestones'), ...milestoneOrderIssues(scenario.minefields, scenario.minefieldEdges, 'minefields')])
      context.addIssue({ code: 'custom', path: [...issue.path], message: issue.message })
    let lastSaid: string | undefined
    for (const [position, step] of scenario.reference.entries()) {
      if ('calls' in step)
        for (const call of step.calls)
          if (!allowed.has(call.tool) || scenario.tools.deny.includes(call.tool))
            context.addIssue({ code: 'custom', path: ['reference', position], message: `the reference calls ${call.tool}, which the scenario does not allow` })
      // The scripted user gives a reply with `answers` only when asked: the reference must ask.
      if ('user' in step && step.user === 'say' && step.answers !== undefined && (lastSaid === undefined || !asksAbout(lastSaid, step.answers)))
        context.addIssue({
          code: 'custom',
          path: ['reference', position, 'answers'],
          message: `the reply answers ${step.answers.map((topic) => JSON.stringify(topic)).join(', ')}, but ${lastSaid === undefined ? 'the agent says nothing before it' : `the agent's message before it (${JSON.stringify(lastSaid)}) asks about none of them`}, so the scripted user would never give it`,
        })
      if ('agent' in step && step.agent === 'say') lastSaid = step.content
      if ('user' in step) lastSaid = undefined
    }
  })

/** A validated scenario. */
export type Scenario = z.infer<typeof scenarioSchema>
/** What an author writes (defaults may be left out). */
export type ScenarioInput = z.input<typeof scenarioSchema>

/**
 * Validates a scenario's shape and fills in defaults, without looking at its domain (see
 * `defineScenario`, which also checks it against its domain). Throws a `ScenarioError` that lists
 * every problem with its path: a value nested deeper than `MAX_SCENARIO_DEPTH` levels, or every
 * field that does not fit the schema, or (once the shape fits) the relations between fields:
 * edges, their cycles, references, fills and tools.
 */
export function parseScenario(input: ScenarioInput, source?: string): Scenario {
  const name = source ?? (typeof input.id === 'string' ? input.id : '(unnamed scenario)')
  // The schema validates nested values recursively; a value nested thousands deep would overflow the stack there.
  const deep = tooDeepInValue(input)
  if (deep !== undefined)
    throw new ScenarioError(name, [
      {
        path: deep.path,
        message: deep.reason === 'circular' ? 'contains itself; a scenario is data, a tree of values' : `nested more than ${MAX_SCENARIO_DEPTH} levels deep; a scenario may nest objects and arrays at most ${MAX_SCENARIO_DEPTH} levels`,
      },
    ])
  const parsed = scenarioSchema.safeParse(input)
  if (!parsed.success) throw new ScenarioError(name, parsed.error)
  return parsed.data
}

/** The tools the agent may use in a scenario: the allow list minus the deny list (deny wins). */
export function allowedTools(scenario: Pick<Scenario, 'tools'>): string[] {
  const denied = new Set(scenario.tools.deny)
  return scenario.tools.allow.filter((name) => !denied.has(name))
}

export { CATEGORIES } from './categories.ts'
export type { ToolSandboxCategory } from './categories.ts'

/** Whether the runtime knows `name` as a time zone (`Intl` refuses an unknown one). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}
