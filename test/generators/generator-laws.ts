import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Augmentation } from '../../src/augmentation/index.ts'
import { applyAugmentation, isPlainAugmentation, PLAIN_AUGMENTATION, TOOL_SCRAMBLES } from '../../src/augmentation/index.ts'
import type { Scenario, ScenarioPresentation } from '../../src/scenario/index.ts'
import type { ToolRegistry } from '../../src/tools/tool-registry.ts'

/** A scenario with the registry its tools come from. */
export interface LawCase {
  readonly scenario: Scenario
  readonly registry: ToolRegistry
}

/** Options of `describeGeneratorLaws`. */
export interface GeneratorLawOptions {
  /** Whether a failing property must shrink to a value that changes exactly one thing. */
  readonly singlesOutOneChange?: boolean
  /** Whether the generator can produce anything but the plain augmentation for these cases. */
  readonly producesChanges?: boolean
}

/**
 * The laws every augmentation generator obeys, as vitest tests (after fast-check's own shared
 * arbitrary tests): the same seed gives the same values; every value applies to its scenario and
 * gives a well-formed presentation; a property that always fails shrinks to the plain
 * augmentation; and (optionally) a property that fails on any change shrinks to a single change.
 */
export function describeGeneratorLaws(
  name: string,
  cases: readonly LawCase[],
  makeArbitrary: (scenario: Scenario) => fc.Arbitrary<Augmentation>,
  options: GeneratorLawOptions = {},
): void {
  describe(`${name}: generator laws`, () => {
    for (const { scenario, registry } of cases) {
      test(`${scenario.id}: the same seed gives the same values`, () => {
        const first = fc.sample(makeArbitrary(scenario), { seed: 4242, numRuns: 40 })
        const second = fc.sample(makeArbitrary(scenario), { seed: 4242, numRuns: 40 })
        expect(second).toEqual(first)
        expect(JSON.parse(JSON.stringify(first))).toEqual(first)
      })

      test(`${scenario.id}: every value gives a well-formed presentation`, async () => {
        let changed = 0
        await fc.assert(
          fc.asyncProperty(makeArbitrary(scenario), async (augmentation) => {
            if (!isPlainAugmentation(augmentation)) changed++
            expectWellFormed(applyAugmentation(scenario, augmentation, registry), scenario, registry)
          }),
          { seed: 7, numRuns: 60 },
        )
        if (options.producesChanges !== false) expect(changed).toBeGreaterThan(0)
      })

      test(`${scenario.id}: shrinking ends at the plain augmentation`, async () => {
        const details = await fc.check(
          fc.asyncProperty(makeArbitrary(scenario), async () => false),
          { seed: 11, numRuns: 20 },
        )
        expect(details.failed).toBe(true)
        expect(details.counterexample?.[0]).toEqual(PLAIN_AUGMENTATION)
      })

      if (options.singlesOutOneChange !== false && options.producesChanges !== false)
        test(`${scenario.id}: a property broken by any change shrinks to one change`, async () => {
          const details = await fc.check(
            fc.asyncProperty(makeArbitrary(scenario), async (augmentation) => isPlainAugmentation(augmentation)),
            { seed: 13, numRuns: 100 },
          )
          expect(details.failed).toBe(true)
          const shrunk = details.counterexample?.[0] as Augmentation
          expect(changeCount(shrunk)).toBe(1)
        })
    }
  })
}

/**
 * How many separate changes an augmentation makes: one per scrambled tool, one for distraction,
 * one for a paraphrase, one per fault, injection and extra row, one for a user perturbation.
 */
export function changeCount(augmentation: Augmentation): number {
  let count = (augmentation.distractionTools === 0 ? 0 : 1) + (augmentation.paraphrase === null ? 0 : 1)
  count += (augmentation.faults?.length ?? 0) + (augmentation.injections?.length ?? 0) + (augmentation.extraRows?.length ?? 0) + (augmentation.user === undefined ? 0 : 1)
  for (const field of TOOL_SCRAMBLES) {
    const selection = augmentation[field]
    count += selection === 'all' ? 1 : selection.length
  }
  return count
}

/** Checks that a presentation can be shown to a model and mapped back to the real tools. */
export function expectWellFormed(presentation: ScenarioPresentation, scenario: Scenario, registry: ToolRegistry): void {
  expect(presentation.firstMessage.length).toBeGreaterThan(0)
  expect(presentation.label.length).toBeGreaterThan(0)
  const presentedNames = presentation.tools.map((spec) => spec.name)
  expect(new Set(presentedNames).size).toBe(presentedNames.length)
  const realNames = presentation.tools.map((spec) => spec.tool)
  expect(new Set(realNames).size).toBe(realNames.length)
  for (const spec of presentation.tools) {
    const tool = registry.get(spec.tool)
    expect(tool, `${spec.tool} is registered`).toBeDefined()
    expect(tool?.audience === undefined || tool.audience.includes('agent'), `${spec.tool} may be called by the agent`).toBe(true)
    expect(scenario.tools.deny).not.toContain(spec.tool)
    expect(spec.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    expect(spec.parameters.type).toBe('object')
    const properties = spec.parameters.properties as Record<string, Record<string, unknown>>
    const realArguments = Object.keys(tool?.args.shape ?? {})
    for (const [presented, property] of Object.entries(properties)) {
      const real = spec.argumentNames?.[presented] ?? presented
      expect(realArguments, `${spec.tool}.${presented} maps to a real argument`).toContain(real)
      if (spec.typesHidden === true) expect(property).not.toHaveProperty('type')
    }
    expect(Object.keys(properties)).toHaveLength(realArguments.length)
  }
  for (const name of scenario.tools.allow) {
    const tool = registry.get(name)
    if (!scenario.tools.deny.includes(name) && (tool?.audience === undefined || tool.audience.includes('agent'))) expect(realNames).toContain(name)
  }
}
