import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Augmentation } from '../../src/augmentation/index.ts'
import { isPlainAugmentation, PLAIN_AUGMENTATION } from '../../src/augmentation/index.ts'
import type { AnyDomain } from '../../src/domain/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { prepareAugmentedRun, runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { changeCount } from './generator-laws.ts'

/** A scenario with the domain it plays in. */
export interface RobustnessLawCase {
  readonly scenario: Scenario
  readonly domain: AnyDomain
}

/**
 * The laws every robustness generator obeys, as vitest tests: the same seed gives the same values
 * (plain JSON); every value is valid: it prepares (`prepareAugmentedRun`: it fits the scenario and
 * the scenario's solution holds under its contract) and the reference agent scores 1 under it;
 * a property that always fails shrinks to the plain augmentation; and a property that fails on
 * any change shrinks to a single change.
 */
export function describeRobustnessLaws(name: string, cases: readonly RobustnessLawCase[], makeArbitrary: (lawCase: RobustnessLawCase) => fc.Arbitrary<Augmentation>): void {
  describe(`${name}: generator laws`, () => {
    for (const lawCase of cases) {
      const { scenario, domain } = lawCase
      test(`${scenario.id}: the same seed gives the same values`, () => {
        const first = fc.sample(makeArbitrary(lawCase), { seed: 4242, numRuns: 30 })
        expect(fc.sample(makeArbitrary(lawCase), { seed: 4242, numRuns: 30 })).toEqual(first)
        expect(JSON.parse(JSON.stringify(first))).toEqual(first)
      })

      test(`${scenario.id}: every value prepares and the reference agent scores 1 under it`, async () => {
        let changed = 0
        await fc.assert(
          fc.asyncProperty(makeArbitrary(lawCase), async (augmentation) => {
            if (!isPlainAugmentation(augmentation)) changed++
            const prepared = await prepareAugmentedRun(scenario, augmentation, { domain })
            const trajectory = await runScenario(prepared.scenario, { agent: referenceAgent(), presentation: prepared.presentation, domain })
            expect((await evaluate(trajectory, prepared.scenario, { extractors: domain.extractors })).score).toBe(1)
          }),
          { seed: 7, numRuns: 25 },
        )
        expect(changed).toBeGreaterThan(0)
      })

      test(`${scenario.id}: shrinking ends at the plain augmentation`, async () => {
        const details = await fc.check(
          fc.property(makeArbitrary(lawCase), () => false),
          { seed: 11, numRuns: 20 },
        )
        expect(details.counterexample?.[0]).toEqual(PLAIN_AUGMENTATION)
      })

      test(`${scenario.id}: a property broken by any change shrinks to one change`, async () => {
        const details = await fc.check(
          fc.property(makeArbitrary(lawCase), (augmentation) => isPlainAugmentation(augmentation)),
          { seed: 13, numRuns: 100 },
        )
        expect(details.failed).toBe(true)
        expect(changeCount(details.counterexample?.[0] as Augmentation)).toBe(1)
      })
    }
  })
}
