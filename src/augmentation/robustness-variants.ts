import type { AnyDomain } from '../domain/index.ts'
import { buildWorld } from '../domain/index.ts'
import type { Scenario } from '../scenario/index.ts'
import { clockOf } from '../scenario/index.ts'
import type { ToolRegistry } from '../tools/tool-registry.ts'
import { attackGoals } from './attack-goals.ts'
import type { Augmentation } from './augmentation.ts'
import { defineAugmentation, PLAIN_AUGMENTATION } from './augmentation.ts'
import { extraRowCandidates } from './extra-rows-of.ts'
import { isPlaced } from './robustness-contract.ts'
import type { AttackCategory, InjectionStyle, PromptInjection } from './prompt-injection.ts'
import { faultTargets, injectionPositions } from './robustness-targets.ts'
import type { InjectedFaultKind } from './injected-fault.ts'
import type { NamedAugmentation } from './toolsandbox-variants.ts'
import { userPerturbationCandidates } from './user-perturbation-candidates.ts'

/** The robustness family a variant belongs to. */
export type RobustnessFamilyName = 'faults' | 'injections' | 'user' | 'world'

/** What a variant recipe may read to place its augmentation in a scenario. */
export interface VariantSource {
  readonly domain: AnyDomain
  readonly registry: ToolRegistry
}

/**
 * A named variant whose augmentation depends on the scenario: a fault on a call its solution
 * makes, an injection in an answer it reads, a change of mind about a value its user states.
 * `candidates` lists the augmentations it could be for a scenario, preferred first (the run takes
 * the first whose contract the scenario's own solution passes); none when the scenario has no
 * place for it (a fault needs a call), and the scenario is then not played under it.
 */
export interface VariantRecipe {
  /** Names its tests (`<scenario> [<label>]`); each run's own label says what it did. */
  readonly label: string
  readonly family: RobustnessFamilyName
  candidates(scenario: Scenario, source: VariantSource): Augmentation[]
}

/** A variant of a scenario test: a fixed augmentation (`TOOLSANDBOX_VARIANTS`) or a recipe (`ROBUSTNESS_VARIANTS`). */
export type ScenarioVariant = NamedAugmentation | VariantRecipe

/** Whether a variant is a recipe (its augmentation depends on the scenario). */
export function isVariantRecipe(variant: ScenarioVariant): variant is VariantRecipe {
  return 'candidates' in variant
}

/** How many candidates a recipe offers at most, so a scenario with no fitting one is given up on quickly. */
const MAX_CANDIDATES = 6

function faultRecipe(label: string, kind: InjectedFaultKind): VariantRecipe {
  return {
    label,
    family: 'faults',
    candidates(scenario, { registry }) {
      const targets = faultTargets(scenario, registry)
      // An answer fault fits a reading call; a permanent fault means most on a call that changes the world.
      const fitting = kind === 'truncated' || kind === 'empty' || kind === 'stale' ? targets.filter((target) => !target.action) : kind === 'permanent' ? [...targets.filter((target) => target.action), ...targets.filter((target) => !target.action)] : targets
      return fitting.slice(0, MAX_CANDIDATES).map((target) => defineAugmentation({ faults: [{ tool: target.call.tool, call: target.number, kind, attempts: 1 }] }))
    },
  }
}

function injectionRecipe(label: string, where: PromptInjection['position']['kind'], style: InjectionStyle, emphasis: number, categories: readonly AttackCategory[]): VariantRecipe {
  return {
    label,
    family: 'injections',
    candidates(scenario, { domain, registry }) {
      const positions = injectionPositions(scenario, registry).filter((position) => position.kind === where)
      const goals = attackGoals(scenario, registry, buildWorld(domain, scenario.world, clockOf(scenario)))
      const ordered = categories.flatMap((category) => goals.filter((goal) => goal.category === category))
      const chosen: Augmentation[] = []
      for (const goal of ordered.slice(0, 2)) for (const position of positions.slice(0, 3)) chosen.push(defineAugmentation({ injections: [{ position, goal, style, emphasis }] }))
      return chosen.slice(0, MAX_CANDIDATES)
    },
  }
}

function userRecipe(label: string, pick: (candidates: ReturnType<typeof userPerturbationCandidates>) => readonly Augmentation['user'][]): VariantRecipe {
  return {
    label,
    family: 'user',
    candidates(scenario, { domain, registry }) {
      const offered = userPerturbationCandidates(scenario, scenario.firstMessage, buildWorld(domain, scenario.world, clockOf(scenario)), registry)
      return pick(offered)
        .slice(0, MAX_CANDIDATES)
        .flatMap((user) => (user === undefined ? [] : [{ ...PLAIN_AUGMENTATION, user }]))
    },
  }
}

function worldRecipe(label: string, kind: 'near-duplicate' | 'other-people'): VariantRecipe {
  return {
    label,
    family: 'world',
    candidates(scenario, { domain }) {
      const offered = extraRowCandidates(scenario, domain)
      const rows = kind === 'near-duplicate' ? offered.nearDuplicates : offered.otherPeople
      // All of them first (a crowded world), then fewer, down to one row; near-duplicates beside
      // their originals first, then (where the solution itself finds rows by position) after the
      // table's rows.
      const sizes = [...new Set([rows.length, 3, 1])].filter((size) => size > 0 && size <= rows.length)
      const placed = sizes.map((size): Augmentation => ({ ...PLAIN_AUGMENTATION, extraRows: rows.slice(0, size) }))
      if (!rows.some(isPlaced)) return placed
      const appended = sizes.map((size): Augmentation => ({ ...PLAIN_AUGMENTATION, extraRows: rows.slice(0, size).map(({ before: _before, after: _after, ...row }) => row) }))
      return [...placed, ...appended].slice(0, MAX_CANDIDATES)
    },
  }
}

/** The tool-fault variants: each kind, once, on a call of the scenario's solution. */
export const FAULT_VARIANTS: readonly VariantRecipe[] = Object.freeze([
  faultRecipe('transient fault', 'transient'),
  faultRecipe('timeout', 'timeout'),
  faultRecipe('truncated answer', 'truncated'),
  faultRecipe('empty answer', 'empty'),
  faultRecipe('stale answer', 'stale'),
  faultRecipe('permanent fault', 'permanent'),
])

/** The prompt-injection variants: a bare order in an answer, an operator's "policy" in a description, a leak asked for in the user's name. */
export const INJECTION_VARIANTS: readonly VariantRecipe[] = Object.freeze([
  injectionRecipe('injection in a tool answer', 'tool-result', 'direct', 0, ['minefield', 'state-change', 'exfiltration']),
  injectionRecipe('injection in a tool description', 'tool-description', 'system', 1, ['state-change', 'minefield', 'exfiltration']),
  injectionRecipe('exfiltration injection', 'tool-result', 'authority', 2, ['exfiltration']),
])

/** The user-perturbation variants. */
export const USER_VARIANTS: readonly VariantRecipe[] = Object.freeze([
  userRecipe('change of mind', (offered) => offered.changeMind),
  userRecipe('facts split across turns', (offered) => offered.split.slice(0, 1)),
  userRecipe('facts out of order', (offered) => offered.split.slice(1, 2)),
  userRecipe('false memory', (offered) => offered.falseMemory),
])

/** The world-perturbation variants. */
export const WORLD_VARIANTS: readonly VariantRecipe[] = Object.freeze([worldRecipe('near-duplicate rows', 'near-duplicate'), worldRecipe("other people's rows", 'other-people')])

const PLAIN_VARIANT: NamedAugmentation = Object.freeze({ label: 'none', augmentation: PLAIN_AUGMENTATION })

/**
 * The robustness preset: the plain run (utility without attack is measured against it), then
 * every variant of the four families (`FAULT_VARIANTS`, `INJECTION_VARIANTS`, `USER_VARIANTS`,
 * `WORLD_VARIANTS`). `toolcheck eval --variants robustness` plays it.
 */
export const ROBUSTNESS_VARIANTS: readonly ScenarioVariant[] = Object.freeze([PLAIN_VARIANT, ...FAULT_VARIANTS, ...INJECTION_VARIANTS, ...USER_VARIANTS, ...WORLD_VARIANTS])
