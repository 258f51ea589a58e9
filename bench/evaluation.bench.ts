import type { Message, Trajectory } from '../src/conversation/index.ts'
import { NO_USAGE } from '../src/conversation/index.ts'
import { evaluate } from '../src/evaluation/index.ts'
import type { Edge, Milestone } from '../src/scenario/index.ts'
import { milestoneSchema } from '../src/scenario/index.ts'
import type { WorldSnapshot } from '../src/world/index.ts'
import { createWorld, WorldDraft } from '../src/world/index.ts'
import { defineBenchmarks } from './harness.ts'

/**
 * A trajectory in which the agent adds items 0..count-1 (one call and result each, the result
 * writing a row), tells the user after each, and fills the rest with read-only calls and
 * chit-chat, over a world with untouched tables that the guardrails watch.
 */
function trajectory(count: number, length: number): Trajectory {
  const world = createWorld({
    settings: [{ cellular: true, wifi: true }],
    contacts: Array.from({ length: 20 }, (_, index) => ({ person_id: `p${index}`, name: `Person ${index}`, phone_number: `+1555000${index}` })),
    items: [],
  })
  const snapshots: WorldSnapshot[] = [world]
  const messages: Message[] = []
  const push = (message: Omit<Message, 'index' | 'snapshot' | 'visibleTo'>, change?: (draft: WorldDraft) => void) => {
    if (change !== undefined) {
      const draft = new WorldDraft(snapshots[snapshots.length - 1] as WorldSnapshot)
      change(draft)
      snapshots.push(draft.commit())
    }
    messages.push({ ...message, index: messages.length, snapshot: snapshots.length - 1, visibleTo: [message.sender, message.recipient] })
  }
  push({ sender: 'system', recipient: 'agent', content: 'You are a helpful assistant.' })
  push({ sender: 'user', recipient: 'agent', content: `Please add ${count} items and tell me after each one.` })
  let item = 0
  while (messages.length < length) {
    const room = length - messages.length
    if (item < count && room >= 3 + (count - item - 1) * 3) {
      const id = item
      push({ sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: `c${id}`, name: 'add_item', arguments: { id } }] })
      push({ sender: 'environment', recipient: 'agent', content: 'ok', toolResult: { callId: `c${id}`, tool: 'add_item', arguments: { id }, result: { id } } }, (draft) =>
        draft.insert('items', { id, label: `item ${id}` }),
      )
      push({ sender: 'agent', recipient: 'user', content: `I added item ${id} to your list.` })
      item++
    } else if (room >= 2 && messages.length % 3 === 0) {
      push({ sender: 'agent', recipient: 'environment', content: '', toolCalls: [{ id: `s${messages.length}`, name: 'search_contacts', arguments: { name: 'Person 3' } }] })
      push({ sender: 'environment', recipient: 'agent', content: '[]', toolResult: { callId: `s${messages.length}`, tool: 'search_contacts', arguments: { name: 'Person 3' }, result: [] } })
    } else {
      push({ sender: messages.length % 2 === 0 ? 'user' : 'agent', recipient: messages.length % 2 === 0 ? 'agent' : 'user', content: `Some small talk number ${messages.length}.` })
    }
  }
  return {
    scenarioId: 'bench',
    domain: 'device',
    agent: 'bench',
    user: 'bench',
    augmentation: 'none',
    trial: 0,
    seed: 0,
    messages,
    snapshots,
    traces: messages.flatMap((message) => (message.toolResult === undefined ? [] : [message.toolResult])),
    firstUserMessageIndex: 1,
    turns: messages.length - 2,
    status: 'completed',
    usage: NO_USAGE,
    races: [],
  }
}

/** Diamonds in a row: 0 → {1, 2} → 3 → {4, 5} → 6 ..., cut to `count` milestones. */
function diamondEdges(count: number): Edge[] {
  const edges: Edge[] = []
  for (let top = 0; top + 1 < count; top += 3) {
    const left = top + 1
    const right = top + 2
    const bottom = top + 3
    edges.push([top, left])
    if (right < count) edges.push([top, right])
    if (bottom < count) {
      edges.push([left, bottom])
      if (right < count) edges.push([right, bottom])
    }
  }
  return edges
}

/** Milestone k: add_item was called with id k and the items table gained that row (or, off the chain, the agent said so). */
function milestones(count: number, edges: readonly Edge[]): Milestone[] {
  return Array.from({ length: count }, (_, id) => {
    // `added` since the predecessor fits a chain link; where branches meet or split, rows from
    // the other branch may land in between, so those milestones check the agent's report instead.
    const predecessors = edges.filter(([, to]) => to === id)
    const chainLink = predecessors.length === 1 && edges.filter(([from]) => from === predecessors[0]?.[0]).length === 1
    const constraints = chainLink || id === 0
      ? [{ kind: 'tool-call', anyOf: [{ tool: 'add_item', arguments: { id } }] }, { kind: 'added', table: 'items', rows: [{ id }] }]
      : [{ kind: 'message', content: `I added item ${id} to your list.` }]
    return milestoneSchema.parse({ name: `item ${id}`, constraints })
  })
}

function benchmark(count: number, length: number, shape: 'chain' | 'diamond', targetMs: number) {
  const edges = shape === 'chain' ? Array.from({ length: count - 1 }, (_, index) => [index, index + 1] as Edge) : diamondEdges(count)
  const scenario = { milestones: milestones(count, edges), milestoneEdges: edges, minefields: [] }
  const played = trajectory(count, length)
  return {
    name: `match ${count} milestones x ${length} messages (${shape})`,
    targetMs,
    iterations: 50,
    run: () => evaluate(played, scenario),
    facts: async () => {
      const result = await evaluate(played, scenario)
      return { score: Number(result.score.toFixed(4)), messages: played.messages.length, snapshots: played.snapshots.length }
    },
  }
}

export default defineBenchmarks([
  benchmark(5, 26, 'chain', 1),
  benchmark(5, 26, 'diamond', 1),
  benchmark(10, 60, 'chain', 10),
  benchmark(10, 60, 'diamond', 10),
])
