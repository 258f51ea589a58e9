import { referenceAgent, runScenario } from 'vitest-toolcheck'
import { playScenario } from 'vitest-toolcheck/vitest'
import { expect, test } from 'vitest'
import { myAgent } from './my-agent.ts'
import { wifiBehindLowBattery } from './wifi-scenario.ts'

test('my agent fixes low battery mode before switching Wi-Fi on', async (context) => {
  // playScenario records the run for the report; runScenario alone works too.
  const run = await playScenario(wifiBehindLowBattery, { agent: myAgent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
  context.expect(run.trajectory).toFinishWithin(10)
})

test('a trajectory from runScenario can be checked directly', async () => {
  const trajectory = await runScenario(wifiBehindLowBattery, { agent: referenceAgent() })
  await expect(trajectory).toScoreAtLeast(1)
})
