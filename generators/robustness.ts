import fc from 'fast-check'
import type { Augmentation } from '../src/augmentation/index.ts'
import { PLAIN_AUGMENTATION, withoutEmptyParts } from '../src/augmentation/index.ts'
import type { PromptInjectionsConstraints } from './prompt-injections.ts'
import { promptInjections } from './prompt-injections.ts'
import type { RobustnessSource } from './_internals/robustness-context.ts'
import type { ToolFaultsConstraints } from './tool-faults.ts'
import { toolFaults } from './tool-faults.ts'
import type { UserPerturbationsConstraints } from './user-perturbations.ts'
import { userPerturbations } from './user-perturbations.ts'
import type { WorldPerturbationsConstraints } from './world-perturbations.ts'
import { worldPerturbations } from './world-perturbations.ts'

/** The four robustness families. */
export type RobustnessFamily = 'faults' | 'injections' | 'user' | 'world'

/** Constraints of `robustness`: the source, which families, and each family's own constraints. */
export interface RobustnessConstraints extends RobustnessSource {
  /** The families to combine; all four by default. */
  readonly families?: readonly RobustnessFamily[]
  readonly faults?: Omit<ToolFaultsConstraints, keyof RobustnessSource>
  readonly injections?: Omit<PromptInjectionsConstraints, keyof RobustnessSource>
  readonly user?: Omit<UserPerturbationsConstraints, keyof RobustnessSource>
  readonly world?: Omit<WorldPerturbationsConstraints, keyof RobustnessSource>
}

/**
 * Augmentations combining the robustness families: tool faults, prompt injections, a user
 * perturbation and extra rows, each drawn by its own generator and shrinking on its own toward
 * nothing, so a failing sweep ends at the smallest combination that still breaks the agent (often
 * one fault, one injection or one row), and the fully shrunk value is the plain augmentation.
 *
 * @example
 * await sweepScenario(scenario, robustness({ scenario, families: ['faults', 'injections'] }), { agent, numRuns: 30 })
 */
export function robustness(constraints: RobustnessConstraints): fc.Arbitrary<Augmentation> {
  const families = new Set(constraints.families ?? ['faults', 'injections', 'user', 'world'])
  const source: RobustnessSource = {
    scenario: constraints.scenario,
    ...(constraints.domain === undefined ? {} : { domain: constraints.domain }),
    ...(constraints.registry === undefined ? {} : { registry: constraints.registry }),
  }
  const plain = fc.constant(PLAIN_AUGMENTATION)
  const parts = {
    faults: families.has('faults') ? toolFaults({ ...source, ...constraints.faults }) : plain,
    injections: families.has('injections') ? promptInjections({ ...source, ...constraints.injections }) : plain,
    user: families.has('user') ? userPerturbations({ ...source, ...constraints.user }) : plain,
    extraRows: families.has('world') ? worldPerturbations({ ...source, ...constraints.world }) : plain,
  }
  return fc.record(parts).map(
    // Each part changes only its own field; the combination takes that field from each.
    (chosen): Augmentation =>
      withoutEmptyParts({
        ...PLAIN_AUGMENTATION,
        ...(chosen.faults.faults === undefined ? {} : { faults: chosen.faults.faults }),
        ...(chosen.injections.injections === undefined ? {} : { injections: chosen.injections.injections }),
        ...(chosen.user.user === undefined ? {} : { user: chosen.user.user }),
        ...(chosen.extraRows.extraRows === undefined ? {} : { extraRows: chosen.extraRows.extraRows }),
      }),
    (value) => {
      if (typeof value !== 'object' || value === null) throw new Error('not an augmentation')
      const whole = value as Augmentation
      const only = (field: keyof typeof parts): Augmentation => (whole[field] === undefined ? PLAIN_AUGMENTATION : withoutEmptyParts({ ...PLAIN_AUGMENTATION, [field]: whole[field] }))
      return { faults: only('faults'), injections: only('injections'), user: only('user'), extraRows: only('extraRows') }
    },
  )
}
