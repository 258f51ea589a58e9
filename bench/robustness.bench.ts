import { builtInScenarios } from '../scenarios/index.ts'
import { deviceDomain } from '../scenarios/toolsandbox/domain/index.ts'
import type { VariantRecipe } from '../src/augmentation/index.ts'
import { FAULT_VARIANTS, INJECTION_VARIANTS, USER_VARIANTS, WORLD_VARIANTS } from '../src/augmentation/index.ts'
import { evaluate } from '../src/evaluation/index.ts'
import { referenceAgent } from '../src/roles/reference-agent.ts'
import { prepareVariant, runScenario } from '../src/run/index.ts'
import type { Scenario } from '../src/scenario/index.ts'
import { defineBenchmarks } from './harness.ts'

/** How many corpus scenarios each family is measured on (the first ones it has a place in). */
const SCENARIOS = 20
/** Untimed iterations first; their figures are left out of the facts too. */
const WARM_UP = 1

interface FamilyState {
  readonly scenarios: readonly Scenario[]
  readonly plainMs: number[]
  readonly familyMs: number[]
  readonly prepareMs: number[]
}

function variant(list: readonly VariantRecipe[], label: string): VariantRecipe {
  const found = list.find((candidate) => candidate.label === label)
  if (found === undefined) throw new Error(`no variant ${label}`)
  return found
}

/**
 * The cost of one robustness family per run, against the plain run, side by side in one process:
 * each iteration plays the same scenarios plainly and under the family's variant, with the
 * reference agent, offline, and scores them. The family's figure includes making the run ready
 * (`prepareVariant`: placing the variant, building the contract and checking it by playing the
 * reference, which a real model run pays once per scenario and augmentation); `prepare` in the
 * facts is that part alone. Scenarios are copied each time so that nothing is reused from a cache.
 */
function familyBenchmark(family: string, recipe: VariantRecipe) {
  return {
    name: `${family} (${recipe.label}): per run, against the plain run`,
    iterations: 7,
    warmUp: WARM_UP,
    async setup(): Promise<FamilyState> {
      const scenarios: Scenario[] = []
      for (const scenario of builtInScenarios()) {
        if (scenarios.length >= SCENARIOS) break
        if ((await prepareVariant(scenario, recipe, { domain: deviceDomain })) !== undefined) scenarios.push(scenario)
      }
      return { scenarios, plainMs: [], familyMs: [], prepareMs: [] }
    },
    async run(raw: unknown) {
      const state = raw as FamilyState
      let start = performance.now()
      for (const scenario of state.scenarios) {
        const trajectory = await runScenario({ ...scenario }, { agent: referenceAgent(), domain: deviceDomain })
        await evaluate(trajectory, scenario)
      }
      state.plainMs.push((performance.now() - start) / state.scenarios.length)
      let preparing = 0
      start = performance.now()
      for (const scenario of state.scenarios) {
        const before = performance.now()
        const prepared = await prepareVariant({ ...scenario }, recipe, { domain: deviceDomain })
        preparing += performance.now() - before
        if (prepared === undefined) throw new Error(`${recipe.label} no longer fits ${scenario.id}`)
        const trajectory = await runScenario(prepared.scenario, { agent: referenceAgent(), presentation: prepared.presentation, domain: deviceDomain })
        await evaluate(trajectory, prepared.scenario)
      }
      const perRun = (performance.now() - start) / state.scenarios.length
      state.familyMs.push(perRun)
      state.prepareMs.push(preparing / state.scenarios.length)
      return { measuredMs: perRun }
    },
    facts(raw: unknown) {
      const state = raw as FamilyState
      const plain = median(state.plainMs.slice(WARM_UP))
      const augmented = median(state.familyMs.slice(WARM_UP))
      const preparing = median(state.prepareMs.slice(WARM_UP))
      return {
        scenarios: state.scenarios.length,
        plainMsPerRun: round(plain),
        familyMsPerRun: round(augmented),
        prepareMsPerRun: round(preparing),
        runMsPerRun: round(augmented - preparing),
        timesPlain: round(augmented / plain),
      }
    },
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

export default defineBenchmarks([
  familyBenchmark('tool faults', variant(FAULT_VARIANTS, 'transient fault')),
  familyBenchmark('tool faults', variant(FAULT_VARIANTS, 'permanent fault')),
  familyBenchmark('prompt injections', variant(INJECTION_VARIANTS, 'injection in a tool answer')),
  familyBenchmark('user perturbations', variant(USER_VARIANTS, 'change of mind')),
  familyBenchmark('world perturbations', variant(WORLD_VARIANTS, "other people's rows")),
])
