import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import { prepareAugmentedRun, PREPARED_RUNS } from '../../src/run/prepare-augmented-run.ts'

describe('prepareAugmentedRun', () => {
  test('prepares a scenario and augmentation once while it is among the last PREPARED_RUNS prepared, and holds no more', async () => {
    const scenario = builtInScenarios().find((candidate) => candidate.domain === 'device') ?? builtInScenarios()[0]
    if (scenario === undefined) throw new Error('no built-in scenario')
    const shown = { distractionTools: 3, scrambledNames: [], removedDescriptions: [], removedArgumentDescriptions: [], removedArgumentTypes: [], renamedArguments: [], paraphrase: null }
    const augmentation = { ...shown }
    const first = prepareAugmentedRun(scenario, augmentation, { domain: deviceDomain })
    // Asked again, as a scenario's tests ask: the same preparation, an equal augmentation written anew too.
    expect(prepareAugmentedRun(scenario, { ...shown }, { domain: deviceDomain })).toBe(first)
    // As many others as are kept (each copy of the scenario is a scenario of its own): the first is let go.
    const others = Array.from({ length: PREPARED_RUNS }, () => prepareAugmentedRun({ ...scenario }, augmentation, { domain: deviceDomain }))
    expect(new Set(others).size).toBe(PREPARED_RUNS)
    expect(prepareAugmentedRun(scenario, augmentation, { domain: deviceDomain })).not.toBe(first)
    await Promise.all([first, ...others])
  })
})
