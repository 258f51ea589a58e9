import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { augmentation } from '../../generators/index.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { loadScenarioFile } from '../../src/scenario/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { playScenario } from '../../src/vitest/play-scenario.ts'
import { checkSweep } from '../../src/vitest/sweep.ts'

// What users hand the entry points by mistake, and what each should then be told.
const scenario = builtInScenarios()[0] as Scenario
const mistakes: ReadonlyArray<readonly [string, () => unknown, RegExp]> = [
  ['undefined, as a find that found nothing returns', () => builtInScenarios().find((candidate) => candidate.id === 'no-such-id'), /was given undefined$/],
  ['a promise of loadScenarioFile, not awaited', () => loadScenarioFile('no-such-file.json').catch(() => undefined), /was given a promise: await it first/],
  ['the whole result of loadScenarioDirectory', () => ({ scenarios: [scenario], errors: [] }), /was given what loadScenarioDirectory returns: pass one of its \.scenarios/],
  ['an array of scenarios', () => [scenario, scenario], /was given an array of 2: pass one scenario, or the array to describeScenarios/],
  ['an object that is no scenario', () => ({ name: 'wifi', turns: 3 }), /was given an object without a string id and domain \(its keys: name, turns\)$/],
  ['a string', () => scenario.id, /was given the string ".+"$/],
]

describe('a value that is no scenario handed to playScenario, runScenario or sweepScenario', () => {
  const agent = referenceAgent()
  for (const [what, make, message] of mistakes)
    test(what, async () => {
      const given = make() as Scenario
      await expect(playScenario(given, { agent })).rejects.toThrow(new RegExp(`^playScenario takes a scenario \\(from defineScenario or loadScenarioFile, or one of loadScenarioDirectory's scenarios\\), and ${message.source}`))
      await expect(runScenario(given, { agent })).rejects.toThrow(new RegExp(`^runScenario takes a scenario .*${message.source}`))
      await expect(checkSweep(given, augmentation({ scenario }), { agent, numRuns: 1 })).rejects.toThrow(new RegExp(`^sweepScenario takes a scenario .*${message.source}`))
      await expect(playScenario(given, { agent })).rejects.toBeInstanceOf(TypeError)
    })

  test('a scenario still plays', async () => {
    await expect(playScenario(scenario, { agent })).resolves.toMatchObject({ evaluation: { score: 1 } })
  })
})
