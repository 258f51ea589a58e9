import { describe, expect, test } from 'vitest'
import { evaluate, rougeL, rougeTokens } from '../../src/evaluation/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { milestoneSchema, minefieldSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

/**
 * ToolSandbox's documented example: "send a message to a contact while cellular is off". Its
 * fourth milestone compares one row with three checked columns (sender, recipient, content), so a
 * final reply with ROUGE-L F 0.6875 scores 0.6875^(1/3) there and (3 + 0.6875^(1/3)) / 4 =
 * 0.9706 overall. Here a message constraint compares the content only, so the fourth milestone
 * gets three constraints of its own: the reply (ROUGE-L), the settings row (cellular still on)
 * and the sent message (one row added since the start). The last two hold, so it scores
 * (1 · 1 · 0.6875)^(1/3), the same number for the same reason: a geometric mean over three.
 */
const world = {
  settings: [{ cellular: false, wifi: true, location: true, low_battery_mode: false }],
  contacts: [
    { person_id: 'p1', name: 'Fredrik Thordendal', phone_number: '+12453344098', relationship: 'friend' },
    { person_id: 'p2', name: 'Tomas Haake', phone_number: '+11233344455', relationship: 'coworker' },
  ],
  messages: [] as Record<string, string>[],
}
const sentRow = { message_id: 'm1', recipient_phone_number: '+12453344098', content: "How's the new album coming along" }

const milestones = [
  { name: 'cellular on', constraints: [{ kind: 'table', table: 'settings', rows: [{ cellular: true }] }] },
  { name: 'found the contact', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_contacts', arguments: { name: 'Fredrik Thordendal' } }] }] },
  {
    name: 'message sent',
    constraints: [
      {
        kind: 'added',
        table: 'messages',
        reference: 0,
        rows: [{ recipient_phone_number: '+12453344098', content: "How's the new album coming along" }],
        columns: { content: 'rouge-l' },
      },
    ],
  },
  {
    name: 'user told',
    constraints: [
      { kind: 'message', from: 'agent', to: 'user', content: "Your message to Fredrik Thordendal has been sent, saying: how is the new album coming along" },
      { kind: 'table', table: 'settings', rows: [{ cellular: true }] },
      { kind: 'added', table: 'messages', reference: 'start', rows: [{ recipient_phone_number: '+12453344098' }] },
    ],
  },
].map((milestone) => milestoneSchema.parse(milestone))

const scenario: Pick<Scenario, 'milestones' | 'milestoneEdges' | 'minefields' | 'minefieldEdges'> = {
  milestones,
  // Turning cellular on and finding the contact may happen in either order; both come before sending.
  milestoneEdges: [
    [0, 2],
    [1, 2],
    [2, 3],
  ],
  minefields: [],
}

const finalReply = 'I sent your message to Fredrik: how is the new album coming along? It is done.'

function playedTrajectory(reply = finalReply) {
  return buildTrajectory(world, [
    say.system('You are a helpful assistant.'),
    say.user("Send a message to Fredrik Thordendal saying: How's the new album coming along."),
    say.call('search_contacts', { name: 'Fredrik Thordendal' }),
    say.result('search_contacts', { name: 'Fredrik Thordendal' }, [world.contacts[0] as Record<string, string>]),
    say.call('send_message_with_phone_number', { phone_number: '+12453344098', content: "How's the new album coming along" }),
    say.failure('send_message_with_phone_number', { phone_number: '+12453344098', content: "How's the new album coming along" }, 'cellular service is off'),
    say.call('set_cellular_service_status', { on: true }),
    say.result('set_cellular_service_status', { on: true }, null, (draft) => draft.setSettings({ cellular: true })),
    say.call('send_message_with_phone_number', { phone_number: '+12453344098', content: "How's the new album coming along" }),
    say.result('send_message_with_phone_number', { phone_number: '+12453344098', content: "How's the new album coming along" }, 'm1', (draft) => draft.insert('messages', sentRow)),
    say.agent(reply),
    say.user('Thanks!'),
  ])
}

describe("ToolSandbox's documented example", () => {
  test('the final reply has ROUGE-L F exactly 0.6875 against the target (11 common tokens of 16 and 16)', () => {
    const target = milestones[3]?.constraints[0]
    if (target?.kind !== 'message' || typeof target.content !== 'string') throw new Error('the fourth milestone starts with its message constraint')
    // target:     your messag to fredrik thordend has been sent say how is the new album come along (16)
    // prediction: i sent your messag to fredrik how is the new album come along it is done (16)
    // LCS: your messag to fredrik how is the new album come along (11)
    expect(rougeTokens(target.content)).toEqual(['your', 'messag', 'to', 'fredrik', 'thordend', 'has', 'been', 'sent', 'say', 'how', 'is', 'the', 'new', 'album', 'come', 'along'])
    expect(rougeTokens(finalReply)).toEqual(['i', 'sent', 'your', 'messag', 'to', 'fredrik', 'how', 'is', 'the', 'new', 'album', 'come', 'along', 'it', 'is', 'done'])
    expect(rougeL(target.content, finalReply).fmeasure).toBe(0.6875)
  })

  test('scores (3 + 0.6875^(1/3)) / 4 = 0.9706', async () => {
    const result = await evaluate(playedTrajectory(), scenario)
    expect(result.milestones.map((match) => match.messageIndex)).toEqual([7, 3, 9, 10])
    expect(result.milestones.slice(0, 3).map((match) => match.similarity)).toEqual([1, 1, 1])
    expect(result.milestones[3]?.similarity).toBeCloseTo(0.6875 ** (1 / 3), 12)
    expect(result.milestones[3]?.similarity).toBeCloseTo(0.8825870739251136, 7)
    expect(result.score).toBeCloseTo((3 + 0.6875 ** (1 / 3)) / 4, 12)
    expect(result.score).toBeCloseTo(0.9706467684812784, 7)
    expect(result.minefieldHit).toBe(false)
    expect(result.milestones[3]?.reason).toContain('rouge-l 0.6875')
  })

  test('the exact reply scores 1', async () => {
    const result = await evaluate(playedTrajectory("Your message to Fredrik Thordendal has been sent, saying: how is the new album coming along"), scenario)
    expect(result.score).toBe(1)
  })

  test('a minefield on a tool the agent only asked for zeroes the score, even when that call failed', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('Send a message to Fredrik.'),
      say.call('remove_contact', { person_id: 'p2' }),
      say.failure('remove_contact', { person_id: 'p2' }, 'not allowed'),
      ...playedTrajectory().messages.slice(2).map((message) => ({ from: message.sender, to: message.recipient, content: message.content, ...(message.toolResult === undefined ? {} : { toolResult: message.toolResult }), ...(message.toolResult?.tool === 'set_cellular_service_status' ? { change: (draft: import('../../src/world/index.ts').WorldDraft) => draft.setSettings({ cellular: true }) } : message.toolResult?.tool === 'send_message_with_phone_number' && message.toolResult.error === undefined ? { change: (draft: import('../../src/world/index.ts').WorldDraft) => draft.insert('messages', sentRow) } : {}) })),
    ])
    const withMinefield = { ...scenario, minefields: [minefieldSchema.parse({ name: 'no contact removal', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'remove_contact' }] }] })] }
    const result = await evaluate(trajectory, withMinefield)
    expect(result.milestoneScore).toBeCloseTo(0.9706467684812784, 7)
    expect(result.minefieldHit).toBe(true)
    expect(result.minefields[0]?.messageIndex).toBe(2)
    expect(result.score).toBe(0)
    const clean = await evaluate(playedTrajectory(), withMinefield)
    expect(clean.minefieldHit).toBe(false)
    expect(clean.minefieldScore).toBe(0)
    expect(clean.score).toBeCloseTo(0.9706467684812784, 7)
  })
})
