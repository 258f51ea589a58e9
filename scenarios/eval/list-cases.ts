import type { ScenarioVariant } from '../../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION } from '../../src/augmentation/index.ts'
import type { AnyDomain } from '../../src/domain/index.ts'
import { prepareVariant } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { resolveScenarioDomain } from '../../src/scenario/index.ts'
import type { EvalVariants } from './eval-settings.ts'
import { variantsOf } from './eval-variants.ts'

/** One tool as a case shows it: the name the agent is shown, and the real tool behind it. */
export interface CaseTool {
  readonly name: string
  readonly tool: string
}

/** One case: a scenario under one variant, with the tools the agent is shown, in the order shown. */
export interface ScenarioCase {
  readonly scenario: string
  /** The variant's label (`none`, `3 distraction tools, tool names scrambled`, ...). */
  readonly augmentation: string
  readonly tools: readonly CaseTool[]
}

const PLAIN: ScenarioVariant = { label: 'none', augmentation: PLAIN_AUGMENTATION }

/**
 * Every case `toolcheck eval --variants <set>` would play for these scenarios, with the tools each
 * presents: scenarios in the order given, each under the set's variants in their order (`plain`:
 * the scenario as written). A variant that has no place in a scenario (a robustness recipe with no
 * candidate there) makes no case, as eval plays no run for it. Offline and deterministic.
 *
 * @throws AugmentationError when a fixed variant does not fit a scenario; `UnknownDomainError`
 * when a scenario names a domain neither `domains` nor the built-in ones hold.
 */
export async function listCases(scenarios: readonly Scenario[], variants: EvalVariants, domains: readonly AnyDomain[] = []): Promise<ScenarioCase[]> {
  const chosen = variantsOf(variants)
  const played = chosen.length === 0 ? [PLAIN] : chosen
  const cases: ScenarioCase[] = []
  for (const scenario of scenarios) {
    const domain = await resolveScenarioDomain(scenario, { domains })
    for (const variant of played) {
      const prepared = await prepareVariant(scenario, variant, { domain })
      if (prepared === undefined) continue
      cases.push({
        scenario: scenario.id,
        augmentation: prepared.presentation.label,
        tools: prepared.presentation.tools.map((spec) => ({ name: spec.name, tool: spec.tool })),
      })
    }
  }
  return cases
}
