import type { WorldSnapshot } from '../world/index.ts'
import type { Message, Role, ToolCall, ToolTrace } from './message.ts'
import { visibilityOf } from './visibility.ts'

/** A message as a role posts it; the bus adds its index, visibility and snapshot. */
export interface MessageDraft {
  readonly sender: Role
  readonly recipient: Role
  readonly content: string
  readonly toolCalls?: readonly ToolCall[]
  readonly toolResult?: ToolTrace
  readonly ended?: boolean
  /** Overrides the usual visibility (both ends). */
  readonly visibleTo?: readonly Role[]
}

/**
 * The conversation of one run: messages in order, the distinct world states, and the agent's
 * tool traces. A world change is recorded with `setWorld` before the message it belongs to is
 * posted (the environment's answer to the call that made it), so every message's `snapshot` is
 * the index of the world right after it.
 */
export class ConversationBus {
  readonly #messages: Message[] = []
  readonly #snapshots: WorldSnapshot[]
  readonly #traces: ToolTrace[] = []

  constructor(startingWorld: WorldSnapshot) {
    this.#snapshots = [startingWorld]
  }

  /** All messages so far, oldest first. */
  get messages(): readonly Message[] {
    return this.#messages
  }

  /** The distinct world states so far; the first is the starting world. */
  get snapshots(): readonly WorldSnapshot[] {
    return this.#snapshots
  }

  /** Every tool result the environment sent the agent, in order. */
  get traces(): readonly ToolTrace[] {
    return this.#traces
  }

  /** The current world. */
  get world(): WorldSnapshot {
    return this.#snapshots[this.#snapshots.length - 1] as WorldSnapshot
  }

  /** The index of the current world in `snapshots`. */
  get snapshotIndex(): number {
    return this.#snapshots.length - 1
  }

  /** Makes `world` current; a new snapshot is kept only when it is a different object. */
  setWorld(world: WorldSnapshot): void {
    if (world !== this.world) this.#snapshots.push(world)
  }

  /** Appends a message and returns it as recorded. */
  post(draft: MessageDraft): Message {
    const message: Message = Object.freeze({
      index: this.#messages.length,
      sender: draft.sender,
      recipient: draft.recipient,
      content: draft.content,
      ...(draft.toolCalls === undefined ? {} : { toolCalls: draft.toolCalls }),
      ...(draft.toolResult === undefined ? {} : { toolResult: draft.toolResult }),
      visibleTo: draft.visibleTo ?? visibilityOf(draft.sender, draft.recipient),
      snapshot: this.snapshotIndex,
      ...(draft.ended === true ? { ended: true } : {}),
    })
    this.#messages.push(message)
    if (message.toolResult !== undefined && message.sender === 'environment' && message.recipient === 'agent') this.#traces.push(message.toolResult)
    return message
  }
}
