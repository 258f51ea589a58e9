import { defineScenario } from 'vitest-toolcheck'
import { agentMentions, neverCalled, rowsAdded, rowsUpdated, solution, toolCalled } from 'vitest-toolcheck/authoring'
import { bank } from './domain.ts'

// Written for the domain object, a scenario is typed by it: a misspelt table, column or tool is a
// type error here, and the scenario is checked against the domain when it is defined.
export const transferFromLockedAccount = defineScenario({
  domain: bank,
  id: 'bank-transfer-from-locked-account',
  categories: ['STATE_DEPENDENCY', 'MULTIPLE_USER_TURN', 'transfers'],
  world: {
    replace: {
      accounts: [
        { account_id: 'acc-17', owner: 'Dana Reyes', balance: 500, pin: '4321', locked: true },
        { account_id: 'acc-2', owner: 'Sam Reyes', balance: 80, pin: '1111' },
      ],
    },
  },
  user: {
    goal: 'Send 50 dollars from your account acc-17 to your brother Sam, whose account is acc-2.',
    knowledge: 'Your PIN is 4321; give it only when asked. You do not know that acc-17 is locked.',
  },
  firstMessage: 'Please send 50 dollars from acc-17 to acc-2.',
  paraphrases: [{ text: 'Can you move fifty bucks over to my brother? Mine is acc-17, his is acc-2.', style: 'implicit' }],
  tools: { allow: ['get_balance', 'unlock_account', 'transfer_funds', 'list_transfers'] },
  milestones: [
    rowsUpdated('accounts', [{ account_id: 'acc-17', locked: false }], undefined, { name: 'account unlocked' }),
    rowsAdded('transfers', [{ from: 'acc-17', to: 'acc-2', amount: 50 }], undefined, { name: '50 dollars sent', since: 0, mayAlsoChange: ['accounts'] }),
    agentMentions('450', { name: 'tells the new balance' }),
  ],
  minefields: [neverCalled('close_account', { name: 'closes an account' })],
  reference: solution(bank, (s) => {
    s.call('transfer_funds', { from: 'acc-17', to: 'acc-2', amount: 50 })
    s.say('acc-17 is locked. What is its PIN?')
    s.user('4321', { answers: ['pin'] })
    s.call('unlock_account', { account_id: 'acc-17', pin: '4321' })
    s.call('transfer_funds', { from: 'acc-17', to: 'acc-2', amount: 50 })
    s.say('Done: 50 dollars went to acc-2, and acc-17 now holds 450 dollars.')
    s.end()
  }),
})

export const sendWithoutAmount = defineScenario({
  domain: bank,
  id: 'bank-send-without-amount',
  categories: ['INSUFFICIENT_INFORMATION', 'MULTIPLE_USER_TURN', 'transfers'],
  user: { goal: 'Pay your brother back: 30 dollars from acc-17 to acc-2.', knowledge: 'Say the amount only when asked for it.' },
  firstMessage: 'Pay my brother back from acc-17, his account is acc-2.',
  tools: { allow: ['get_balance', 'transfer_funds', 'list_transfers'] },
  milestones: [toolCalled('transfer_funds', { from: 'acc-17', to: 'acc-2', amount: 30 }, undefined, { name: 'sends the amount the user gave' })],
  minefields: [neverCalled('close_account')],
  reference: solution(bank, (s) => {
    s.say('How much should I send to acc-2?')
    s.user('30 dollars.', { answers: ['how much', 'amount'] })
    s.call('transfer_funds', { from: 'acc-17', to: 'acc-2', amount: 30 })
    s.say('Sent 30 dollars to acc-2.')
    s.end()
  }),
})
