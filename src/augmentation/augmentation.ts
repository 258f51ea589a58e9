import { z } from 'zod'
import type { ExtraRow } from './extra-row.ts'
import { extraRowSchema } from './extra-row.ts'
import type { PromptInjection } from './prompt-injection.ts'
import { promptInjectionSchema } from './prompt-injection.ts'
import type { InjectedFault } from './injected-fault.ts'
import { injectedFaultSchema } from './injected-fault.ts'
import type { UserPerturbation } from './user-perturbation.ts'
import { userPerturbationSchema } from './user-perturbation.ts'
import { TOOL_SCRAMBLES } from './tool-scrambles.ts'
import type { ToolScramble } from './tool-scrambles.ts'

/**
 * Which tools a per-tool scramble applies to: a list of real tool names, or `'all'` for every
 * tool the agent is shown (distraction tools included).
 */
export type ToolSelection = readonly string[] | 'all'

/**
 * How a scenario is shown to the agent, as data: which distraction tools are added, which tools
 * have their name, description, argument descriptions, argument types or argument names
 * scrambled, and whether the first user message is replaced by a paraphrase; and what goes wrong
 * during the conversation (the robustness families): tool faults, prompt injections, a user who
 * departs from the straight path, extra rows in the starting world. It is plain JSON, so a
 * failing sweep can print it and a test can replay it; `describeAugmentation` says it in words.
 * Tool names in it are always the real names. The robustness fields are optional: absent means
 * none, so every augmentation written before them still reads the same.
 */
export interface Augmentation {
  /** How many tools outside the allowed set to add (ranked by `rankDistractionTools`), or all of them. */
  readonly distractionTools: number | 'all'
  /** Tools shown as `<group>_<k>` instead of their name. */
  readonly scrambledNames: ToolSelection
  /** Tools shown with an empty description. */
  readonly removedDescriptions: ToolSelection
  /** Tools whose arguments are shown without descriptions (types stay). */
  readonly removedArgumentDescriptions: ToolSelection
  /** Tools whose arguments are shown without types (descriptions stay); their specs set `typesHidden`. */
  readonly removedArgumentTypes: ToolSelection
  /** Tools whose arguments are shown as `arg_0`, `arg_1`, ... in schema order. */
  readonly renamedArguments: ToolSelection
  /**
   * The first user message: `null` keeps the scenario's own, a number picks one of the scenario's
   * paraphrases by position, a string is a paraphrase given in full (a model-written one).
   */
  readonly paraphrase: number | string | null
  /** Tool faults: calls that fail, time out, or answer truncated, empty or stale (see `InjectedFault`). */
  readonly faults?: readonly InjectedFault[]
  /** Prompt injections in tool results and descriptions, each with an attacker's goal (see `PromptInjection`). */
  readonly injections?: readonly PromptInjection[]
  /** How the simulated user departs from the straight path (see `UserPerturbation`). */
  readonly user?: UserPerturbation
  /** Rows added to the starting world (see `ExtraRow`). */
  readonly extraRows?: readonly ExtraRow[]
  /**
   * Whether agent messages that claim a milestone's effect the world does not show are flagged
   * (see the evaluation's false-claims check). On by default under any robustness change
   * (faults, injections, a user perturbation, extra rows); `false` turns it off there, `true`
   * turns it on for any augmentation.
   */
  readonly falseClaims?: boolean
}

/** The optional robustness fields of an augmentation, in the order they are described. */
export const ROBUSTNESS_FIELDS = ['faults', 'injections', 'user', 'extraRows', 'falseClaims'] as const

/** The augmentation that changes nothing: the scenario's allowed tools as they are, its own first message. */
export const PLAIN_AUGMENTATION: Augmentation = Object.freeze({
  distractionTools: 0,
  scrambledNames: Object.freeze([]) as readonly string[],
  removedDescriptions: Object.freeze([]) as readonly string[],
  removedArgumentDescriptions: Object.freeze([]) as readonly string[],
  removedArgumentTypes: Object.freeze([]) as readonly string[],
  renamedArguments: Object.freeze([]) as readonly string[],
  paraphrase: null,
})

const toolSelectionSchema = z.union([z.array(z.string()).readonly(), z.literal('all')])

/**
 * The schema of an augmentation written as JSON (a replayed counterexample, a report row). Fields
 * left out mean "no change", so `{ "distractionTools": 3 }` is a valid augmentation.
 */
export const augmentationSchema = z
  .object({
    distractionTools: z.union([z.number().int().nonnegative(), z.literal('all')]).default(0),
    scrambledNames: toolSelectionSchema.default([]),
    removedDescriptions: toolSelectionSchema.default([]),
    removedArgumentDescriptions: toolSelectionSchema.default([]),
    removedArgumentTypes: toolSelectionSchema.default([]),
    renamedArguments: toolSelectionSchema.default([]),
    paraphrase: z.union([z.number().int().nonnegative(), z.string().min(1), z.null()]).default(null),
    faults: z.array(injectedFaultSchema).readonly().optional(),
    injections: z.array(promptInjectionSchema).readonly().optional(),
    user: userPerturbationSchema.optional(),
    extraRows: z.array(extraRowSchema).readonly().optional(),
    falseClaims: z.boolean().optional(),
  })
  .strict()

/** What an author may write: any subset of the fields. */
export type AugmentationInput = z.input<typeof augmentationSchema>

/**
 * Builds an augmentation from the fields that differ from the plain one (validated). Empty
 * robustness lists are left out, so an augmentation that changes nothing equals the plain one.
 */
export function defineAugmentation(input: AugmentationInput = {}): Augmentation {
  return withoutEmptyParts(augmentationSchema.parse(input) as Augmentation)
}

/** The augmentation without robustness fields that change nothing (empty lists), so equal changes compare equal. */
export function withoutEmptyParts(augmentation: Augmentation): Augmentation {
  const result: Record<string, unknown> = { ...augmentation }
  for (const field of ['faults', 'injections', 'extraRows'] as const) if (augmentation[field]?.length === 0) delete result[field]
  for (const field of ROBUSTNESS_FIELDS) if (result[field] === undefined) delete result[field]
  return result as unknown as Augmentation
}


/** Whether an augmentation changes nothing at all. */
export function isPlainAugmentation(augmentation: Augmentation): boolean {
  return (
    augmentation.distractionTools === 0 &&
    augmentation.paraphrase === null &&
    TOOL_SCRAMBLES.every((field) => augmentation[field] !== 'all' && augmentation[field].length === 0) &&
    !hasRobustnessChanges(augmentation) &&
    augmentation.falseClaims !== true
  )
}

/** Whether an augmentation has any tool fault, injection, user perturbation or extra row. */
export function hasRobustnessChanges(augmentation: Augmentation): boolean {
  return (augmentation.faults?.length ?? 0) > 0 || (augmentation.injections?.length ?? 0) > 0 || augmentation.user !== undefined || (augmentation.extraRows?.length ?? 0) > 0
}

/**
 * Whether the false-claims check runs under an augmentation: as asked, else under every
 * robustness change (faults, injections, a user who departs from the straight path, extra rows):
 * in each an agent can tell the user something was done that the world does not show.
 */
export function checksFalseClaims(augmentation: Augmentation): boolean {
  return augmentation.falseClaims ?? hasRobustnessChanges(augmentation)
}

/** Whether a per-tool selection includes a tool. */
export function selects(selection: ToolSelection, tool: string): boolean {
  return selection === 'all' || selection.includes(tool)
}

export { TOOL_SCRAMBLES } from './tool-scrambles.ts'
export type { ToolScramble } from './tool-scrambles.ts'
