import { deviceTools } from '../scenarios/toolsandbox/domain/index.ts'
import { functionAgent, scriptedUser } from '../src/roles/index.ts'
import { runScenario } from '../src/run/index.ts'
import { defineScenario } from '../src/scenario/index.ts'
import { createRegistry } from '../src/tools/index.ts'
import { defineBenchmarks } from './harness.ts'

/**
 * A 30-message scripted run over the built-in device world: the agent cycles through a failing
 * send (cellular off), turning cellular on, sends, contact searches and text for the user, who
 * answers from a script; the message budget ends it after 30 messages.
 */
const scenario = defineScenario({
  id: 'bench-thirty-messages',
  categories: ['MULTIPLE_TOOL_CALL'],
  world: { settings: { cellular: false } },
  user: { goal: 'Send several messages.', knowledge: 'You know every number.' },
  firstMessage: 'Please send a few messages for me.',
  tools: { allow: ['send_message_with_phone_number', 'set_cellular_service_status', 'search_contacts', 'search_messages'] },
  maxTurns: 30,
  reference: [{ agent: 'say', content: 'ok' }],
})

const registry = createRegistry(deviceTools)
const cycle = [
  { toolCalls: [{ name: 'send_message_with_phone_number', arguments: { phone_number: '+14155550178', content: 'hello' } }] },
  { toolCalls: [{ name: 'set_cellular_service_status', arguments: '{"on": true}' }] },
  { toolCalls: [{ name: 'search_contacts', arguments: { name: 'Priya' } }] },
  { toolCalls: [{ name: 'send_message_with_phone_number', arguments: { phone_number: '+14155550178', content: 'on my way' } }] },
  { content: 'Sent. Anything else?' },
  { toolCalls: [{ name: 'search_messages', arguments: { content: 'climbing' } }, { name: 'search_contacts', arguments: { relationship: 'boss' } }] },
  { content: 'Done.' },
]
const agent = functionAgent(({ messages }) => cycle[messages.filter((message) => message.sender === 'agent').length % cycle.length] ?? 'ok')
const user = scriptedUser(Array.from({ length: 20 }, (_, index) => `Yes, one more (${index}).`))
const play = () => runScenario(scenario, { agent, user, registry })

export default defineBenchmarks([
  {
    name: 'runScenario: 30 scripted messages on the device world',
    // 1 ms per message over 33 messages (30 after the first user message, 3 opening ones).
    targetMs: 33,
    iterations: 50,
    run: play,
    facts: async () => {
      const trajectory = await play()
      const runs = 50
      const start = performance.now()
      for (let run = 0; run < runs; run++) await play()
      const perRun = (performance.now() - start) / runs
      return {
        messages: trajectory.messages.length,
        status: trajectory.status,
        snapshots: trajectory.snapshots.length,
        toolCalls: trajectory.traces.length,
        msPerMessage: Number((perRun / trajectory.messages.length).toFixed(4)),
      }
    },
  },
])
