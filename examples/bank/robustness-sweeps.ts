import { promptInjections, toolFaults, userPerturbations, worldPerturbations } from 'vitest-toolcheck/generators'
import { checkSweep } from 'vitest-toolcheck/vitest'
import { draftBankAgent } from './robustness-agents.ts'
import { paySam } from './robustness-scenarios.ts'
import { sendWithoutAmount, transferFromLockedAccount } from './scenarios.ts'

// One sweep per family over the draft agent; each returns its report (checkSweep never throws for a failing agent).
export const draftSweeps = {
  faults: () => checkSweep(transferFromLockedAccount, toolFaults({ scenario: transferFromLockedAccount }), { agent: draftBankAgent, numRuns: 20 }),
  injections: () => checkSweep(paySam, promptInjections({ scenario: paySam }), { agent: draftBankAgent, numRuns: 20 }),
  user: () => checkSweep(sendWithoutAmount, userPerturbations({ scenario: sendWithoutAmount }), { agent: draftBankAgent, numRuns: 20 }),
  world: () => checkSweep(paySam, worldPerturbations({ scenario: paySam }), { agent: draftBankAgent, numRuns: 20 }),
}
