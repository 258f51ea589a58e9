import { z } from 'zod'
import { jsonValueSchema } from '../scenario/index.ts'
import type { JsonObject } from '../world/index.ts'

/** A fact the user states: a value of a reference call's arguments, as it is written in the user's words. */
export type Fact = string | number

/**
 * How the simulated user departs from the straight path, as data:
 * - `change-mind`: the user first asks for `decoy` where the scenario has `value`, then corrects
 *   themselves before the agent acts on it; the milestones follow the last request, `value`;
 * - `split`: the user leaves the `withheld` facts out of the first message (where they read `…`)
 *   and gives them in their next message: split across turns, or out of order when an early fact
 *   is withheld;
 * - `false-memory`: the user claims the agent already made a call (`tool` with `arguments`)
 *   earlier; it never happened, and the agent must still do what it takes.
 * Deterministic for the scripted user (its lines are rewritten); a model user is told to behave so.
 */
export type UserPerturbation =
  | { readonly kind: 'change-mind'; readonly value: Fact; readonly decoy: Fact }
  | { readonly kind: 'split'; readonly withheld: readonly Fact[] }
  | { readonly kind: 'false-memory'; readonly tool: string; readonly arguments: JsonObject }

/** The kinds of user perturbation, in the order the generators shrink toward. */
export const USER_PERTURBATION_KINDS = ['change-mind', 'split', 'false-memory'] as const

const factSchema = z.union([z.string().min(1), z.number()])

/** The schema of a user perturbation written as JSON. */
export const userPerturbationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('change-mind'), value: factSchema, decoy: factSchema }).strict(),
  z.object({ kind: z.literal('split'), withheld: z.array(factSchema).min(1).readonly() }).strict(),
  z.object({ kind: z.literal('false-memory'), tool: z.string().min(1), arguments: z.record(z.string(), jsonValueSchema).default({}) }).strict(),
])
