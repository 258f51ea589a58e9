// Type tests, checked by `tsc --noEmit` (npm test): a scenario written for a domain object is
// typed by that domain, so a misspelt table, tool or column is an error where it is written.
import { expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import { agentMentions, neverCalled, rowsUpdated, solution, toolCalled } from '../../src/authoring/index.ts'
import type { TableNameOf, ToolNameOf } from '../../src/domain/index.ts'
import { defineDomain } from '../../src/domain/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { defineTool } from '../../src/tools/index.ts'

const transferFunds = defineTool({
  name: 'transfer_funds',
  description: 'Moves money between accounts.',
  args: z.object({ from: z.string().describe('source account'), to: z.string().describe('target account'), amount: z.number().describe('amount') }),
  returns: 'the new balance',
  action: true,
  execute: () => 0,
})
const closeAccount = defineTool({
  name: 'close_account',
  description: 'Closes an account.',
  args: z.object({ account_id: z.string().describe('the account') }),
  returns: 'null',
  action: true,
  execute: () => null,
})
const bank = defineDomain({
  name: 'bank',
  tables: {
    accounts: { key: 'account_id', row: z.object({ account_id: z.string(), balance: z.number(), locked: z.boolean().default(false) }) },
    transfers: { key: ['from', 'at'], row: z.object({ from: z.string(), to: z.string(), amount: z.number(), at: z.number() }) },
  },
  tools: [transferFunds, closeAccount],
})

const valid = {
  domain: bank,
  id: 'send-fifty',
  categories: ['bank-transfers'],
  user: { goal: 'Send 50 to acc-2.', knowledge: 'Nothing else.' },
  firstMessage: 'Send 50 from acc-1 to acc-2.',
}

test('a domain keeps the names of its tables and tools', () => {
  expectTypeOf<TableNameOf<typeof bank>>().toEqualTypeOf<'accounts' | 'transfers'>()
  expectTypeOf<ToolNameOf<typeof bank>>().toEqualTypeOf<'transfer_funds' | 'close_account'>()
})

test('a scenario for a domain is checked against its tables, columns and tools', () => {
  const scenario = defineScenario({
    ...valid,
    world: { replace: { accounts: [{ account_id: 'acc-1', balance: 500 }, { account_id: 'acc-2', balance: { $now: 0 } }] } },
    tools: { allow: ['transfer_funds'] },
    milestones: [toolCalled('transfer_funds', { amount: 50 }), rowsUpdated('accounts', [{ account_id: 'acc-1', balance: 450 }]), agentMentions('450')],
    minefields: [neverCalled('close_account')],
    reference: solution(bank, (s) => {
      s.call('transfer_funds', { from: 'acc-1', to: 'acc-2', amount: 50 })
      s.say('Done: acc-1 now holds 450.')
      s.end()
    }),
  })
  expectTypeOf(scenario).toEqualTypeOf<Scenario>()

  // @ts-expect-error the domain has no table "account"
  defineScenario({ ...valid, world: { insert: { account: [] } }, tools: { allow: ['transfer_funds'] }, reference: [{ user: 'end' }] })
  // @ts-expect-error accounts has no column "owner"
  defineScenario({ ...valid, world: { insert: { accounts: [{ account_id: 'x', balance: 1, owner: 'me' }] } }, tools: { allow: ['transfer_funds'] }, reference: [{ user: 'end' }] })
  // @ts-expect-error a balance is a number
  defineScenario({ ...valid, world: { insert: { accounts: [{ account_id: 'x', balance: 'lots' }] } }, tools: { allow: ['transfer_funds'] }, reference: [{ user: 'end' }] })
  // @ts-expect-error the domain has no settings table
  defineScenario({ ...valid, world: { settings: { wifi: true } }, tools: { allow: ['transfer_funds'] }, reference: [{ user: 'end' }] })
  // @ts-expect-error the domain has no tool "transfer"
  defineScenario({ ...valid, tools: { allow: ['transfer'] }, reference: [{ user: 'end' }] })
  // @ts-expect-error milestones name the domain's tables
  defineScenario({ ...valid, tools: { allow: ['transfer_funds'] }, milestones: [rowsUpdated('acounts', [{ account_id: 'acc-1' }])], reference: [{ user: 'end' }] })
  // @ts-expect-error minefields name the domain's tools
  defineScenario({ ...valid, tools: { allow: ['transfer_funds'] }, minefields: [neverCalled('delete_account')], reference: [{ user: 'end' }] })
  defineScenario({
    ...valid,
    tools: { allow: ['transfer_funds'] },
    reference: solution(bank, (s) => {
      // @ts-expect-error reference calls name the domain's tools
      s.call('wire_money', { amount: 50 })
    }),
  })
})

test('without a domain object a scenario is plain data, checked when it meets its domain', () => {
  const scenario = defineScenario({
    domain: 'bank',
    id: 'by-name',
    categories: ['SINGLE_TOOL_CALL'],
    user: { goal: 'g', knowledge: 'k' },
    firstMessage: 'hi',
    tools: { allow: ['anything'] },
    reference: [{ user: 'end' }],
  })
  expectTypeOf(scenario.domain).toEqualTypeOf<string>()
  // A solution written without its domain names tools by plain strings, which a typed scenario refuses.
  // @ts-expect-error pass the domain: solution(bank, (s) => ...)
  defineScenario({ ...valid, tools: { allow: ['transfer_funds'] }, reference: solution((s) => s.end()) })
})
