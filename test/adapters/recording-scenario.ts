import type { MockResponder } from '../../src/mock-server/index.ts'
import type { ChatRequest } from '../../src/roles/endpoint/chat-request.ts'
import { defineScenario } from '../../src/scenario/index.ts'

/**
 * A scenario whose agent is expected to use a tool of its own (`check_forecast`, outside the
 * world) and the world's `set_wifi_status`, and must not call a tool that does not exist
 * (`set_wifi_power`): milestones and a minefield on calls no world tool records.
 */
export const forecastScenario = defineScenario({
  id: 'wifi-and-forecast',
  categories: ['MULTIPLE_TOOL_CALL'],
  user: { goal: 'Get Wi-Fi turned on and learn the forecast for Cupertino.', knowledge: 'You live in Cupertino.' },
  firstMessage: 'Turn on Wi-Fi, and what is the weather going to be in Cupertino?',
  world: { settings: { wifi: false } },
  // The agent's own tool, and a name it must not make up: neither is the world's.
  tools: { allow: ['set_wifi_status'], outside: ['check_forecast', 'set_wifi_power'] },
  milestones: [
    // The forecast changes nothing in the world, whichever side of the Wi-Fi it comes.
    { name: 'checked the forecast with its own tool', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'check_forecast', arguments: { city: 'Cupertino' } }] }], guardrails: { exclude: ['settings'] } },
    { name: 'turned Wi-Fi on', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_status', arguments: { on: true } }] }], guardrails: { exclude: ['settings'] } },
  ],
  minefields: [{ name: 'called a tool that does not exist', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_wifi_power' }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] }, { agent: 'say', content: 'Wi-Fi is on, and it will be sunny.' }, { user: 'end' }],
})

/** Which step of its turn the agent's model is at: the assistant messages so far, handoffs left out. */
export function stepOf(body: ChatRequest): number {
  return body.messages.filter((message) => message.role === 'assistant' && !(message.tool_calls ?? []).some((call) => call.function.name.startsWith('transfer_to_'))).length
}

/** The same, for an agent that first hands the conversation to its phone agent: the handoff is a milestone too. */
export const handoffScenario = defineScenario({
  ...forecastScenario,
  id: 'handoff-wifi-and-forecast',
  tools: { allow: ['set_wifi_status'], outside: ['check_forecast', 'set_wifi_power', 'transfer_to_phone'] },
  milestones: [
    { name: 'handed over to the phone agent', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'transfer_to_phone' }] }] },
    ...forecastScenario.milestones,
  ],
  // The forecast and the Wi-Fi come after the handoff, in either order (one step makes both calls).
  milestoneEdges: [
    [0, 1],
    [0, 2],
  ],
})

/**
 * The model of `handoffScenario`: the triage agent hands over to the phone agent; the phone agent
 * calls its own `check_forecast` tool and the world's `set_wifi_status` in one step, then a tool
 * that does not exist (`set_wifi_power`), which ends the SDK's run.
 */
export const handoffReplies: MockResponder = ({ body }) => {
  const handoff = body.tools?.find((offered) => offered.function.name === 'transfer_to_phone')
  if (handoff !== undefined) return { toolCalls: [{ name: 'transfer_to_phone', arguments: {}, id: 'handoff-1' }] }
  const step = stepOf(body)
  if (step === 0) return { toolCalls: [{ name: 'check_forecast', arguments: { city: 'Cupertino' }, id: 'own-1' }, { name: 'set_wifi_status', arguments: { on: true }, id: 'world-1' }] }
  return { toolCalls: [{ name: 'set_wifi_power', arguments: { on: true }, id: 'hallucinated-1' }] }
}
