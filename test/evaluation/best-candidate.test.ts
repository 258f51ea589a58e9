import { describe, expect, test } from 'vitest'
import { evaluate } from '../../src/evaluation/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { createWorld } from '../../src/world/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const bank = createWorld(
  {
    accounts: [
      { account_id: 'acc-17', owner: 'Ana', balance: 500 },
      { account_id: 'acc-9', owner: 'Ben', balance: 20 },
    ],
    transfers: [],
  },
  { accounts: { key: 'account_id' }, transfers: { key: 'transfer_id' } },
)
const scenarioOf = (milestones: MilestoneInput[]) => ({ milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [] })
const transferOf50: MilestoneInput = {
  name: 'transfer of 50',
  constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'transfer_funds', arguments: { from: 'acc-17', to: 'acc-9', amount: 50 } }] }],
}
const transferRow: MilestoneInput = { name: 'transfer recorded', constraints: [{ kind: 'added', table: 'transfers', rows: [{ amount: 50 }] }] }
const transfer = (amount: number) =>
  say.result('transfer_funds', { from: 'acc-17', to: 'acc-9', amount }, { transfer_id: 't-1' }, (draft) => {
    draft.insert('transfers', { transfer_id: 't-1', from: 'acc-17', to: 'acc-9', amount })
    draft.update('accounts', (row) => row.account_id === 'acc-17', { balance: 500 - amount })
  })

describe('the best candidate of a milestone the run did not reach', () => {
  test('a transfer of 500 instead of 50 is explained at the transfer, not at the first message', async () => {
    const trajectory = buildTrajectory(bank, [
      say.user('Send 50 to Ben.'),
      say.agent('Checking your accounts.'),
      say.call('transfer_funds', { from: 'acc-17', to: 'acc-9', amount: 500 }),
      transfer(500),
      say.agent('Done.'),
    ])
    const result = await evaluate(trajectory, scenarioOf([transferOf50]))
    const [match] = result.milestones
    expect(match?.similarity).toBe(0)
    // The mapping puts a zero-similarity milestone at the earliest allowed message...
    expect(match?.messageIndex).toBe(0)
    // ...but the explanation points at the call that went wrong.
    expect(match?.bestCandidate).toEqual({
      messageIndex: 3,
      similarity: 0,
      reason: 'message 3: transfer_funds: argument amount: expected 50, found 500',
    })
  })

  test('a request milestone points at the message that asked for the call', async () => {
    const asked: MilestoneInput = { name: 'asked for 50', constraints: [{ kind: 'request', anyOf: [{ tool: 'transfer_funds', arguments: { amount: 50 } }] }] }
    const trajectory = buildTrajectory(bank, [say.user('Send 50 to Ben.'), say.agent('Sure.'), say.call('transfer_funds', { from: 'acc-17', to: 'acc-9', amount: 500 }), transfer(500)])
    const result = await evaluate(trajectory, scenarioOf([asked]))
    expect(result.milestones[0]?.similarity).toBe(0)
    expect(result.milestones[0]?.bestCandidate).toMatchObject({ messageIndex: 2, similarity: 0 })
    expect(result.milestones[0]?.bestCandidate?.reason).toContain('amount')
  })

  test('a table milestone points at the message that changed the table', async () => {
    const trajectory = buildTrajectory(bank, [say.user('Send 50 to Ben.'), say.agent('Sure.'), say.call('transfer_funds', { from: 'acc-17', to: 'acc-9', amount: 500 }), transfer(500)])
    const result = await evaluate(trajectory, scenarioOf([transferRow]))
    expect(result.milestones[0]?.bestCandidate).toMatchObject({ messageIndex: 3, similarity: 0 })
    expect(result.milestones[0]?.bestCandidate?.reason).toContain('amount: expected 50, found 500')
  })

  test('a partly reached milestone names the message where it scored best', async () => {
    const answer: MilestoneInput = { constraints: [{ kind: 'message', content: 'I sent 50 dollars to Ben from your account.' }] }
    const trajectory = buildTrajectory(bank, [say.user('Send 50 to Ben.'), say.agent('Which account?'), say.user('Mine.'), say.agent('I sent 500 dollars to Ben.')])
    const result = await evaluate(trajectory, scenarioOf([answer]))
    const [match] = result.milestones
    expect(match?.similarity).toBeGreaterThan(0)
    expect(match?.similarity).toBeLessThan(1)
    expect(match?.bestCandidate).toMatchObject({ messageIndex: 3, similarity: match?.similarity })
    expect(match?.bestCandidate?.reason).toContain('"I sent 500 dollars to Ben."')
  })

  test('nothing that resembles the milestone gives no candidate, and a reached milestone needs none', async () => {
    const idle = buildTrajectory(bank, [say.user('Send 50 to Ben.'), say.agent('I cannot do that.')])
    const missed = await evaluate(idle, scenarioOf([transferOf50]))
    expect(missed.milestones[0]?.similarity).toBe(0)
    expect(missed.milestones[0]?.bestCandidate).toBeUndefined()
    const done = buildTrajectory(bank, [say.user('Send 50 to Ben.'), say.call('transfer_funds', { from: 'acc-17', to: 'acc-9', amount: 50 }), transfer(50)])
    const hit = await evaluate(done, scenarioOf([transferOf50]))
    expect(hit.milestones[0]?.similarity).toBe(1)
    expect(hit.milestones[0]).not.toHaveProperty('bestCandidate')
  })

  test('a dependent milestone keeps its dependency where the mapping put it', async () => {
    // The second milestone's rows are read relative to the first; the call came, the row did not.
    const trajectory = buildTrajectory(bank, [say.user('Send 50 to Ben.'), say.call('transfer_funds', { from: 'acc-17', to: 'acc-9', amount: 50 }), say.result('transfer_funds', { from: 'acc-17', to: 'acc-9', amount: 50 }, { transfer_id: 't-1' })])
    const result = await evaluate(trajectory, scenarioOf([transferOf50, { ...transferRow, constraints: [{ kind: 'added', table: 'transfers', reference: 0, rows: [{ amount: 50 }] }] }]))
    expect(result.milestones[0]?.similarity).toBe(1)
    expect(result.milestones[1]?.similarity).toBe(0)
    expect(result.milestones[1]?.bestCandidate).toBeUndefined()
  })
})
