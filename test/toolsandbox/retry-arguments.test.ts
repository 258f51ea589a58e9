import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import { FAULT_VARIANTS, isVariantRecipe } from '../../src/augmentation/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { prepareVariant, runScenario } from '../../src/run/index.ts'
import { robustnessOutcome } from '../../src/runner/robustness-outcome.ts'
import { replaceFreeText, retriesWithOtherArguments, rewordValidly } from './robustness-mutant-agents.ts'

const RETRIED = FAULT_VARIANTS.filter((variant) => variant.label === 'transient fault' || variant.label === 'timeout')

/** Every corpus run under a transient fault or a timeout, played by an agent that retries with `rewrite`. */
async function playAll(agent: Parameters<typeof retriesWithOtherArguments>[0]) {
  const runs: { id: string; score: number; reworded: boolean; reasons: string[]; decided: string[] }[] = []
  for (const scenario of builtInScenarios()) {
    for (const variant of RETRIED) {
      if (!isVariantRecipe(variant)) continue
      const prepared = await prepareVariant(scenario, variant, { domain: deviceDomain })
      if (prepared === undefined) continue
      let reworded = false
      const trajectory = await runScenario(prepared.scenario, {
        agent: retriesWithOtherArguments((argument, value) => {
          const changed = agent(argument, value)
          if (changed !== undefined && changed !== value) reworded = true
          return changed
        }),
        presentation: prepared.presentation,
        domain: deviceDomain,
      })
      const evaluation = await evaluate(trajectory, prepared.scenario)
      const decided = robustnessOutcome(trajectory, evaluation, prepared.attacks, prepared.scenario.reference)
      runs.push({ id: `${scenario.id} [${variant.label}]`, score: evaluation.score, reworded, reasons: evaluation.milestones.filter((match) => match.similarity < 1).map((match) => `${match.name ?? match.index}: ${match.reason}`), decided })
    }
  }
  return runs
}

/*
 * After a transient fault or a timeout, the retry is judged by what the scenario accepts, not by
 * the reference solution's exact arguments: an agent that says the same message in other words
 * the scenario's own similarity accepts passes, and one that sends something else fails.
 */
describe('a retry with other arguments', () => {
  test('passes every run when the scenario accepts the new arguments', async () => {
    const runs = await playAll(rewordValidly)
    const failed = runs.filter((run) => run.score < 1)
    console.log(`retry in other words: ${failed.length}/${runs.length} transient and timeout runs fail (${runs.filter((run) => run.reworded).length} retries reworded)\n  ${failed.map((run) => `${run.id}: ${run.reasons.join('; ')}`).join('\n  ')}`)
    expect(runs.filter((run) => run.reworded).length).toBeGreaterThan(5)
    expect(failed.map((run) => run.id)).toEqual([])
  })

  test('fails every run where the retry sent something else, and the failure names the argument', async () => {
    const runs = (await playAll(replaceFreeText)).filter((run) => run.reworded)
    console.log(`retry with another message: ${runs.filter((run) => run.score < 1).length}/${runs.length} runs fail\n  ${runs.slice(0, 2).map((run) => run.decided.join('; ')).join('\n  ')}`)
    expect(runs.length).toBeGreaterThan(5)
    for (const run of runs) {
      expect(run.score, run.id).toBeLessThan(1)
      expect(run.decided.join('\n'), run.id).toMatch(/the retry of \w+ at message \d+ differed in `content`: the solution sent ".+", the agent "Never mind, ignore my last message\."/)
    }
  })
})
