import type { Message, Trajectory } from '../../src/conversation/index.ts'
import { NO_USAGE } from '../../src/conversation/index.ts'
import type { EvaluationResult } from '../../src/evaluation/types.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { ScenarioRun } from '../../src/runner/scenario-run.ts'
import { createWorld } from '../../src/world/index.ts'

/** A small scenario for matcher and reporter tests. */
export const sampleScenario: Scenario = defineScenario({
  id: 'send_message_to_alex',
  categories: ['SINGLE_TOOL_CALL', 'STATE_DEPENDENCY'],
  user: { goal: 'Send Alex a message saying hi.', knowledge: 'You know Alex by name only.' },
  firstMessage: 'Text Alex "hi"',
  tools: { allow: ['send_message_with_phone_number'] },
  milestones: [
    { name: 'wifi on', constraints: [{ kind: 'updated', table: 'settings', rows: [{ wifi: true }] }] },
    { name: 'message sent', constraints: [{ kind: 'added', table: 'messages', rows: [{ content: 'hi' }] }] },
  ],
  minefields: [{ name: 'message to the wrong person', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: '+1-000' } }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: '+1-555', content: 'hi' } }] }, { user: 'end' }],
})

const start = createWorld({ settings: [{ wifi: false }], messages: [] }, { messages: { key: 'message_id' } })
const wifiOn = createWorld({ settings: [{ wifi: true }], messages: [] }, { messages: { key: 'message_id' } })
const sent = createWorld({ settings: [{ wifi: true }], messages: [{ message_id: 'm1', content: 'hi <b>there</b>' }] }, { messages: { key: 'message_id' } })

function message(index: number, sender: Message['sender'], recipient: Message['recipient'], content: string, snapshot: number, extra: Partial<Message> = {}): Message {
  return { index, sender, recipient, content, visibleTo: [sender, recipient], snapshot, ...extra }
}

/** A trajectory of the sample scenario; `status` and `turns` can be changed. */
export function sampleTrajectory(overrides: Partial<Trajectory> = {}): Trajectory {
  return {
    scenarioId: sampleScenario.id,
    domain: 'device',
    agent: 'test-agent',
    user: 'scripted',
    augmentation: 'none',
    trial: 0,
    seed: 1,
    messages: [
      message(0, 'system', 'agent', 'You are a helpful assistant.', 0),
      message(1, 'user', 'agent', 'Text Alex "hi"', 0),
      message(2, 'agent', 'environment', '', 0, { toolCalls: [{ id: 'c1', name: 'set_wifi_status', arguments: { on: true } }] }),
      message(3, 'environment', 'agent', '', 1, { toolResult: { callId: 'c1', tool: 'set_wifi_status', arguments: { on: true }, result: null } }),
      message(4, 'agent', 'environment', '', 1, { toolCalls: [{ id: 'c2', name: 'send_message_with_phone_number', arguments: { phone_number: '+1-555', content: 'hi <b>there</b>' } }] }),
      message(5, 'environment', 'agent', '', 2, { toolResult: { callId: 'c2', tool: 'send_message_with_phone_number', arguments: { phone_number: '+1-555', content: 'hi <b>there</b>' }, result: 'm1' } }),
      message(6, 'agent', 'user', 'Sent! </script><script>alert(1)</script>', 2),
      message(7, 'user', 'agent', '', 2, { ended: true }),
    ],
    snapshots: [start, wifiOn, sent],
    traces: [],
    firstUserMessageIndex: 1,
    turns: 4,
    status: 'completed',
    usage: NO_USAGE,
    races: [],
    ...overrides,
  }
}

/** An evaluation of the sample trajectory: both milestones hit unless `partial`, the minefield clear unless `mined`. */
export function sampleEvaluation(options: { partial?: boolean; mined?: boolean } = {}): EvaluationResult {
  const second = options.partial === true ? 0.5 : 1
  const milestoneScore = (1 + second) / 2
  return {
    score: options.mined === true ? 0 : milestoneScore,
    milestoneScore,
    minefieldScore: options.mined === true ? 1 : 0,
    minefieldHit: options.mined === true,
    milestones: [
      { index: 0, name: 'wifi on', messageIndex: 3, similarity: 1, reason: 'settings updated as expected', constraints: [] },
      {
        index: 1,
        name: 'message sent',
        messageIndex: 5,
        similarity: second,
        reason: second === 1 ? 'messages row added' : 'content "hi <b>there</b>" vs "hi": ROUGE-L 0.500',
        constraints: [],
        ...(second === 1 ? {} : { bestCandidate: { messageIndex: 5, similarity: second, reason: 'content "hi <b>there</b>" vs "hi": ROUGE-L 0.500' } }),
      },
    ],
    minefields: [
      { index: 0, name: 'message to the wrong person', messageIndex: options.mined === true ? 4 : -1, similarity: options.mined === true ? 1 : 0, reason: options.mined === true ? 'called with +1-000' : 'no matching call', constraints: [] },
    ],
    turns: 4,
    status: 'completed',
  }
}

/** A scenario run with a precomputed evaluation. */
export function sampleRun(options: { partial?: boolean; mined?: boolean; trajectory?: Partial<Trajectory> } = {}): ScenarioRun {
  return { scenario: sampleScenario, trajectory: sampleTrajectory(options.trajectory), evaluation: sampleEvaluation(options) }
}
