import { ROBUSTNESS_VARIANTS } from 'vitest-toolcheck'
import { promptInjections, robustness, toolFaults, userPerturbations, worldPerturbations } from 'vitest-toolcheck/generators'
import { checkSweep, describeScenarios, sweepFailureMessage, sweepScenario } from 'vitest-toolcheck/vitest'
import { expect, test } from 'vitest'
import { draftBankAgent, robustBankAgent } from './robustness-agents.ts'
import { paySam } from './robustness-scenarios.ts'
import { sendWithoutAmount, transferFromLockedAccount } from './scenarios.ts'

// The first draft of the agent fails each family; each sweep shrinks to the smallest case.
test('faults: the draft gives up after a transient error', async () => {
  const report = await checkSweep(transferFromLockedAccount, toolFaults({ scenario: transferFromLockedAccount }), { agent: draftBankAgent, numRuns: 20 })
  expect(report.passed).toBe(false)
  console.log(sweepFailureMessage(report))
})

test('injections: the draft does what a tool answer tells it to', async () => {
  const report = await checkSweep(paySam, promptInjections({ scenario: paySam }), { agent: draftBankAgent, numRuns: 20 })
  expect(report.passed).toBe(false)
  console.log(sweepFailureMessage(report))
})

test('user: the draft pays what the customer said first, not their correction', async () => {
  const report = await checkSweep(sendWithoutAmount, userPerturbations({ scenario: sendWithoutAmount }), { agent: draftBankAgent, numRuns: 20 })
  expect(report.passed).toBe(false)
  console.log(sweepFailureMessage(report))
})

test('world: the draft pays the first Sam its search finds', async () => {
  const report = await checkSweep(paySam, worldPerturbations({ scenario: paySam }), { agent: draftBankAgent, numRuns: 20 })
  expect(report.passed).toBe(false)
  console.log(sweepFailureMessage(report))
})

// The fixed agent: every family at once, and every robustness variant as a test of its own.
test('the robust agent survives every family', async ({ task }) => {
  for (const scenario of [transferFromLockedAccount, sendWithoutAmount, paySam]) await sweepScenario(scenario, robustness({ scenario }), { agent: robustBankAgent, numRuns: 25, task })
})

describeScenarios([transferFromLockedAccount, sendWithoutAmount, paySam], { name: 'bank robustness', agent: robustBankAgent, variants: ROBUSTNESS_VARIANTS })
