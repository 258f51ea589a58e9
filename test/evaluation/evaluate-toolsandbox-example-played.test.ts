import { describe, expect, test } from 'vitest'
import { evaluate, rougeL, rougeTokens } from '../../src/evaluation/index.ts'
import { scriptedAgent, scriptedUser } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'

/**
 * ToolSandbox's documented example, "send a message to a contact while cellular is off", played
 * over the device tools by the scripted roles rather than built by hand. Its fourth milestone in
 * ToolSandbox checks one conversation row on three columns (sender, recipient, content by
 * ROUGE-L); here a message constraint checks the content, and two more constraints (cellular
 * still on, the message still sent) stand in for the other two columns, so a reply with ROUGE-L
 * F 0.6875 scores 0.6875^(1/3) there, as in ToolSandbox.
 */
const FREDRIK = { person_id: 'fredrik', name: 'Fredrik Thordendal', phone_number: '+12453344098', relationship: 'friend' }
const CONTENT = "How's the new album coming along"
const TARGET = 'Your message to Fredrik Thordendal has been sent, saying: how is the new album coming along'
const REPLY = 'I sent the message to Fredrik Thordendal, asking how is the new album coming along. Done.'

const scenario = defineScenario({
  id: 'send-message-cellular-off-example',
  description: "ToolSandbox's documented example, over the device tools",
  categories: ['STATE_DEPENDENCY', 'SINGLE_USER_TURN'],
  world: { settings: { cellular: false }, insert: { contacts: [FREDRIK] } },
  user: { goal: `Have a message sent to Fredrik Thordendal saying: ${CONTENT}.`, knowledge: "You do not know Fredrik's phone number." },
  firstMessage: `Send a message to Fredrik Thordendal saying: ${CONTENT}.`,
  tools: { allow: ['search_contacts', 'send_message_with_phone_number', 'set_cellular_service_status', 'get_cellular_service_status'] },
  milestones: [
    { name: 'cellular on', constraints: [{ kind: 'table', table: 'settings', rows: [{ cellular: true }] }] },
    { name: 'found the contact', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_contacts', arguments: { name: 'Fredrik Thordendal' } }] }] },
    {
      name: 'message sent',
      constraints: [
        {
          kind: 'added',
          table: 'messages',
          reference: 'start',
          rows: [{ recipient_phone_number: FREDRIK.phone_number, content: CONTENT }],
          columns: { content: 'rouge-l' },
        },
      ],
    },
    {
      name: 'user told',
      constraints: [
        { kind: 'message', from: 'agent', to: 'user', content: TARGET },
        { kind: 'table', table: 'settings', rows: [{ cellular: true }] },
        { kind: 'added', table: 'messages', reference: 'start', rows: [{ recipient_phone_number: FREDRIK.phone_number }] },
      ],
    },
  ],
  // Turning cellular on and finding the contact may come in either order; both precede sending.
  milestoneEdges: [
    [0, 2],
    [1, 2],
    [2, 3],
  ],
  reference: [
    { agent: 'call', calls: [{ tool: 'search_contacts', arguments: { name: 'Fredrik Thordendal' } }] },
    { agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] },
    { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK.phone_number, content: CONTENT } }] },
    { agent: 'say', content: TARGET },
    { user: 'end' },
  ],
})

const send = { name: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK.phone_number, content: CONTENT } }
const agent = scriptedAgent([
  { toolCalls: [{ name: 'search_contacts', arguments: { name: 'Fredrik Thordendal' } }] },
  { toolCalls: [send] },
  { toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: true } }] },
  { toolCalls: [send] },
  { content: REPLY },
])

describe("ToolSandbox's documented example, played with the scripted roles", () => {
  test('the reply has ROUGE-L F exactly 0.6875 against the target', () => {
    // Target, 16 tokens: your messag to fredrik thordend has been sent say how is the new album come along
    // Reply, 16 tokens:  i sent the messag to fredrik thordend ask how is the new album come along done
    // LCS, 11 tokens:    messag to fredrik thordend how is the new album come along
    //   ("sent" comes before "messag" in the reply and after "thordend" in the target, so it cannot join)
    // P = 11/16, R = 11/16, F = 2PR / (P + R) = 11/16 = 0.6875
    expect(rougeTokens(TARGET)).toEqual(['your', 'messag', 'to', 'fredrik', 'thordend', 'has', 'been', 'sent', 'say', 'how', 'is', 'the', 'new', 'album', 'come', 'along'])
    expect(rougeTokens(REPLY)).toEqual(['i', 'sent', 'the', 'messag', 'to', 'fredrik', 'thordend', 'ask', 'how', 'is', 'the', 'new', 'album', 'come', 'along', 'done'])
    expect(rougeL(TARGET, REPLY)).toEqual({ precision: 0.6875, recall: 0.6875, fmeasure: 0.6875 })
  })

  test('the agent searches, fails on cellular, turns it on, sends, tells the user: (3 + 0.6875^(1/3)) / 4', async () => {
    const trajectory = await runScenario(scenario, { agent, user: scriptedUser([{ end: true }]) })
    expect(trajectory.status).toBe('completed')
    const failed = trajectory.traces.filter((trace) => trace.error !== undefined)
    expect(failed.map((trace) => [trace.tool, trace.error?.message])).toEqual([
      ['send_message_with_phone_number', 'the cellular service is off, so nothing can be sent; turn cellular service on and try again'],
    ])

    const result = await evaluate(trajectory, scenario)
    const at = (tool: string) => trajectory.messages.findLastIndex((message) => message.toolResult?.tool === tool && message.toolResult.error === undefined)
    const reply = trajectory.messages.findIndex((message) => message.sender === 'agent' && message.recipient === 'user')
    expect(result.milestones.map((match) => match.messageIndex)).toEqual([at('set_cellular_service_status'), at('search_contacts'), at('send_message_with_phone_number'), reply])
    expect(result.milestones.slice(0, 3).map((match) => match.similarity)).toEqual([1, 1, 1])
    expect(result.milestones[3]?.similarity).toBeCloseTo(0.6875 ** (1 / 3), 12)
    expect(result.milestones[3]?.reason).toContain('rouge-l 0.6875')
    // Exactly, (3 + 0.6875^(1/3)) / 4 = 0.970646770957879. ToolSandbox's README prints
    // 0.9706467684812784 (fourth milestone 0.8825870739251136) because it stores column
    // similarities as 32-bit floats; the two differ by 2.5e-9, so the README figure holds to 1e-8.
    expect(Math.abs(result.score - (3 + Math.cbrt(0.6875)) / 4)).toBeLessThan(1e-12)
    expect(Math.abs(result.score - 0.9706467684812784)).toBeLessThan(1e-8)
    expect(result.minefieldHit).toBe(false)
  })
})
