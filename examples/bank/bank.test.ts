import { fileURLToPath } from 'node:url'
import { loadScenarioDirectory, TOOLSANDBOX_VARIANTS } from 'vitest-toolcheck'
import { augmentation } from 'vitest-toolcheck/generators'
import { describeScenarios, playScenario, sweepScenario } from 'vitest-toolcheck/vitest'
import { test } from 'vitest'
import { myBankAgent } from './bank-agent.ts'
import { bank } from './domain.ts'
import { sendWithoutAmount, transferFromLockedAccount } from './scenarios.ts'

// A regression test: the agent as it is today must unlock before it transfers, and never close
// an account.
test('my bank agent unlocks the account before it sends the money', async (context) => {
  const run = await playScenario(transferFromLockedAccount, { agent: myBankAgent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
  context.expect(run.trajectory).toFinishWithin(12)
})

// JSON scenario files name their domain ("domain": "bank"); loading resolves it among the domains given.
const fromFiles = await loadScenarioDirectory(fileURLToPath(new URL('./scenarios/', import.meta.url)), { domains: [bank] })

// Every scenario, as written and under ToolSandbox's eight variants: one test each, and a failing
// test for each file of the folder that could not be loaded.
describeScenarios([transferFromLockedAccount, sendWithoutAmount, fromFiles], { name: 'bank scenarios', agent: myBankAgent, variants: TOOLSANDBOX_VARIANTS })

// A robustness sweep over the domain's own tools: distraction tools, scrambled names,
// descriptions, argument descriptions, types and names, and the paraphrase.
test('my bank agent survives augmented tool sets', async ({ task }) => {
  await sweepScenario(transferFromLockedAccount, augmentation({ scenario: transferFromLockedAccount }), { agent: myBankAgent, numRuns: 25, task })
})
