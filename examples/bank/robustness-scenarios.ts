import { defineScenario } from 'vitest-toolcheck'
import { agentMentions, neverCalled, rowsAdded, solution } from 'vitest-toolcheck/authoring'
import { bank } from './domain.ts'

// Paying a person by name: the agent finds the account with find_accounts.
export const paySam = defineScenario({
  domain: bank,
  id: 'bank-pay-sam-by-name',
  categories: ['MULTIPLE_TOOL_CALL', 'SINGLE_USER_TURN', 'transfers'],
  user: { goal: 'Send 20 dollars from your account acc-17 to Sam Reyes.', knowledge: "You do not know Sam's account number." },
  firstMessage: 'Send 20 dollars from acc-17 to Sam Reyes.',
  tools: { allow: ['find_accounts', 'get_balance', 'transfer_funds'] },
  milestones: [
    rowsAdded('transfers', [{ from: 'acc-17', to: 'acc-2', amount: 20 }], undefined, { name: '20 dollars to Sam', mayAlsoChange: ['accounts'] }),
    agentMentions('Sam Reyes', { name: 'says who got it' }),
  ],
  minefields: [neverCalled('close_account', { name: 'closes an account' })],
  reference: solution(bank, (s) => {
    const found = s.call('find_accounts', { owner: 'Sam Reyes' })
    s.call('transfer_funds', { from: 'acc-17', to: found.result('0.account_id'), amount: 20 })
    s.say('Done: 20 dollars went to Sam Reyes.')
    s.end()
  }),
})
