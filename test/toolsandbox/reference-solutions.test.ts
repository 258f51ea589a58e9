import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { applyAugmentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import { createRegistry } from '../../src/tools/index.ts'

const registry = createRegistry(deviceTools)

/** Why a run fell short, in one line per milestone or minefield, for the failure message. */
function explain(result: Awaited<ReturnType<typeof evaluate>>): string {
  const missed = result.milestones.filter((match) => match.similarity < 1).map((match) => `milestone ${match.index} at ${match.similarity.toFixed(3)}: ${match.reason}`)
  const fired = result.minefields.filter((match) => match.similarity > 0).map((match) => `minefield ${match.index} fired: ${match.reason}`)
  return [...missed, ...fired].join('\n')
}

describe('the reference solution of every built-in scenario scores 1, in toolcheck\'s scoring and in ToolSandbox\'s', () => {
  test.for(builtInScenarios().map((scenario) => [scenario.id, scenario] as const))('%s, in all eight variants', async ([, scenario]) => {
    for (const variant of TOOLSANDBOX_VARIANTS) {
      const presentation = applyAugmentation(scenario, variant.augmentation, registry)
      const trajectory = await runScenario(scenario, { agent: referenceAgent(), presentation, registry })
      expect(trajectory.status, `${variant.label}: ${trajectory.error?.message ?? ''}`).toBe('completed')
      expect(trajectory.traces.filter((trace) => trace.error !== undefined).map((trace) => `${trace.tool}: ${trace.error?.message}`), variant.label).toEqual([])
      const result = await evaluate(trajectory, scenario)
      expect(result.score, `${variant.label}\n${explain(result)}`).toBe(1)
      const asToolSandbox = await evaluate(trajectory, scenario, { scoring: 'toolsandbox' })
      expect(asToolSandbox.score, `${variant.label}, ToolSandbox scoring\n${explain(asToolSandbox)}`).toBe(1)
    }
  })
})
