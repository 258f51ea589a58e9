import { augmentation } from 'vitest-toolcheck/generators'
import { sweepScenario } from 'vitest-toolcheck/vitest'
import { test } from 'vitest'
import { myAgent } from './my-agent.ts'
import { wifiBehindLowBattery } from './wifi-scenario.ts'

// A robustness sweep: fast-check draws augmentations (distraction tools, scrambled names,
// descriptions, argument descriptions and types, renamed arguments, the paraphrase) and the agent
// must still score 1 under each. On failure the error names the smallest augmentation that
// breaks the agent, with the seed and path that replay it.
test('my agent survives augmented tool sets', async ({ task }) => {
  await sweepScenario(wifiBehindLowBattery, augmentation({ scenario: wifiBehindLowBattery }), { agent: myAgent, numRuns: 30, task })
})
