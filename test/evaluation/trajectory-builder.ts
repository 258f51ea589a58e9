import type { Message, Role, ToolTrace, Trajectory } from '../../src/conversation/index.ts'
import { NO_USAGE } from '../../src/conversation/index.ts'
import type { JsonValue, WorldSnapshot } from '../../src/world/index.ts'
import { createWorld, WorldDraft } from '../../src/world/index.ts'

/** One message of a hand-built trajectory, with the world change it causes. */
export interface Step {
  readonly from: Role
  readonly to: Role
  readonly content?: string
  readonly toolResult?: ToolTrace
  /** Applied to the world right after this message. */
  readonly change?: (draft: WorldDraft) => void
  /** Several calls in one agent message (parallel calls), each with its own id. */
  readonly calls?: readonly { readonly id: string; readonly tool: string; readonly args: Record<string, JsonValue> }[]
}

/** Shorthands for the usual messages. */
export const say = {
  system: (content: string): Step => ({ from: 'system', to: 'agent', content }),
  user: (content: string): Step => ({ from: 'user', to: 'agent', content }),
  agent: (content: string): Step => ({ from: 'agent', to: 'user', content }),
  call: (tool: string, args: Record<string, JsonValue>): Step => ({ from: 'agent', to: 'environment', content: '', tool, args }) as Step,
  /** Parallel calls in one message; answer each with `result`/`failure` giving its id. */
  calls: (...calls: { id: string; tool: string; args: Record<string, JsonValue> }[]): Step => ({ from: 'agent', to: 'environment', content: '', calls }),
  result: (tool: string, args: Record<string, JsonValue>, result: JsonValue, change?: (draft: WorldDraft) => void, callId = `call-${tool}`): Step => ({
    from: 'environment',
    to: 'agent',
    content: JSON.stringify(result),
    toolResult: { callId, tool, arguments: args, result },
    ...(change === undefined ? {} : { change }),
  }),
  failure: (tool: string, args: Record<string, JsonValue>, message: string, callId = `call-${tool}`): Step => ({
    from: 'environment',
    to: 'agent',
    content: message,
    toolResult: { callId, tool, arguments: args, error: { kind: 'tool-error', message } },
  }),
}

/**
 * Builds a trajectory from messages: a new snapshot after every message that changes the world,
 * the first user→agent message as the evaluation start, and one turn per message after it.
 */
export function buildTrajectory(start: WorldSnapshot | Record<string, readonly Record<string, JsonValue>[]>, steps: readonly Step[]): Trajectory {
  const snapshots: WorldSnapshot[] = ['tables' in start && 'info' in start ? (start as WorldSnapshot) : createWorld(start as Record<string, Record<string, JsonValue>[]>)]
  const messages: Message[] = []
  for (const [index, step] of steps.entries()) {
    if (step.change !== undefined) {
      const draft = new WorldDraft(snapshots[snapshots.length - 1] as WorldSnapshot)
      step.change(draft)
      const next = draft.commit()
      if (next !== snapshots[snapshots.length - 1]) snapshots.push(next)
    }
    const call = step as Step & { tool?: string; args?: Record<string, JsonValue> }
    messages.push({
      index,
      sender: step.from,
      recipient: step.to,
      content: step.content ?? '',
      ...(call.tool === undefined ? {} : { toolCalls: [{ id: `call-${call.tool}`, name: call.tool, arguments: call.args ?? {} }] }),
      ...(step.calls === undefined ? {} : { toolCalls: step.calls.map((parallel) => ({ id: parallel.id, name: parallel.tool, arguments: parallel.args })) }),
      ...(step.toolResult === undefined ? {} : { toolResult: step.toolResult }),
      visibleTo: [step.from, step.to],
      snapshot: snapshots.length - 1,
    })
  }
  const firstUserMessageIndex = Math.max(0, messages.findIndex((message) => message.sender === 'user' && message.recipient === 'agent'))
  return {
    scenarioId: 'hand-built',
    domain: 'device',
    agent: 'hand-built',
    user: 'hand-built',
    augmentation: 'none',
    trial: 0,
    seed: 0,
    messages,
    snapshots,
    traces: messages.flatMap((message) => (message.toolResult === undefined ? [] : [message.toolResult])),
    firstUserMessageIndex,
    turns: messages.length - firstUserMessageIndex - 1,
    status: 'completed',
    usage: NO_USAGE,
    races: [],
  }
}
