import type { Scenario } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import type { JsonObject, WorldSnapshot } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'
import { factsOf, literalValues, sameFact, userMessages } from './facts.ts'
import { fitsUser } from './perturb-user.ts'
import type { Fact, UserPerturbation } from './user-perturbation.ts'

/** The user perturbations a scenario offers, by kind, each one that fits (see `perturbUser`). */
export interface UserPerturbationCandidates {
  /** Changes of mind: one per fact the user states before the reference uses it, with a decoy. */
  readonly changeMind: readonly UserPerturbation[]
  /** Facts withheld from the first message: the last one (split across turns), then the first one (out of order). */
  readonly split: readonly UserPerturbation[]
  /** Claims of earlier calls that never happened: the reference's action calls. */
  readonly falseMemory: readonly UserPerturbation[]
}

/**
 * The user perturbations that fit a scenario and its first message. A change of mind's decoy is
 * twice a number (`50` → `100`; `1` for 0), or for a text another value of the same column in
 * the starting world (another contact's name), never one the scenario names.
 */
export function userPerturbationCandidates(scenario: Pick<Scenario, 'id' | 'reference'>, firstMessage: string, world: WorldSnapshot, registry: ToolRegistry): UserPerturbationCandidates {
  const fits = (perturbation: UserPerturbation): boolean => fitsUser(scenario, firstMessage, perturbation)
  const named = literalValues(scenario.reference)
  const stated: Fact[] = []
  for (const message of userMessages(scenario, firstMessage))
    for (const { fact } of factsOf(message.text, scenario.reference)) if (!stated.some((other) => sameFact(other, fact))) stated.push(fact)
  const changeMind = stated.flatMap((value): UserPerturbation[] => {
    const decoy = decoyOf(value, world, named)
    return decoy === undefined ? [] : [{ kind: 'change-mind', value, decoy }]
  })
  const facts = factsOf(firstMessage, scenario.reference).map((found) => found.fact)
  const last = facts.at(-1)
  const splits: UserPerturbation[] = []
  if (last !== undefined) splits.push({ kind: 'split', withheld: [last] })
  const first = facts[0]
  if (facts.length > 1 && first !== undefined) splits.push({ kind: 'split', withheld: [first] })
  const falseMemory: UserPerturbation[] = []
  for (const step of scenario.reference) {
    if (!('calls' in step)) continue
    for (const call of step.calls) {
      if (registry.get(call.tool)?.action !== true) continue
      const args: JsonObject = {}
      for (const [name, value] of Object.entries(call.arguments)) if (!(isJsonObject(value) && '$ref' in value)) args[name] = value as JsonObject[string]
      falseMemory.push({ kind: 'false-memory', tool: call.tool, arguments: args })
    }
  }
  return { changeMind: changeMind.filter(fits), split: splits.filter(fits), falseMemory: falseMemory.filter(fits) }
}

function decoyOf(value: Fact, world: WorldSnapshot, named: readonly Fact[]): Fact | undefined {
  if (typeof value === 'number') return value === 0 ? 1 : value * 2
  for (const rows of Object.values(world.tables))
    for (const row of rows)
      for (const [column, cell] of Object.entries(row)) {
        if (typeof cell !== 'string' || cell.toLowerCase() !== value.toLowerCase()) continue
        const other = rows.map((candidate) => candidate[column]).find((candidate): candidate is string => typeof candidate === 'string' && candidate !== '' && !named.some((fact) => sameFact(fact, candidate)))
        if (other !== undefined) return other
      }
  return undefined
}
