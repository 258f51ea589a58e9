import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { Agent } from '../../src/roles/index.ts'
import { functionAgent, referenceAgent, scriptedUser } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { seededRandom } from '../../src/tools/seeded-random.ts'
import { evaluateAgainst } from '../../src/vitest/evaluate-run.ts'
import { canonicalJson } from '../../src/world/index.ts'
import { tagScenario } from './shop-domain.ts'

// Runs are independent: the whole built-in corpus, with runs of a domain whose tools change rows
// they read in place mixed in, gives the same trajectory and score for every run whether the runs
// play in corpus order, in a shuffled order, or all at once, interleaved at every await. (The e2e
// test `runs in shuffled orders and on many workers` does the same through vitest's workers.)

/** One run to play, by a name unique in the suite. */
interface Play {
  readonly name: string
  readonly scenario: Scenario
  readonly agent: () => Agent
}

/** An agent that calls one tool of the shop, then says it is done. */
const calling = (tool: string, args: Record<string, string> = {}) => () =>
  functionAgent(({ messages }) => (messages.some((message) => message.sender === 'agent') ? 'Done.' : [{ name: tool, arguments: args }]), { name: `calls-${tool}` })

const corpus: Play[] = builtInScenarios().map((scenario) => ({ name: scenario.id, scenario, agent: referenceAgent }))
// Between the corpus's runs: pushes onto a row's list (strict and sloppy code), then reads of it.
const shop: Play[] = [0, 1, 2, 3, 4, 5].flatMap((round) => [
  { name: `shop ${round}: push in place`, scenario: tagScenario, agent: calling('tag_item_in_place', { item_id: 'i-1', tag: `t${round}` }) },
  { name: `shop ${round}: push in sloppy code`, scenario: tagScenario, agent: calling('tag_item_sloppy', { item_id: 'i-1', tag: `s${round}` }) },
  { name: `shop ${round}: list`, scenario: tagScenario, agent: calling('list_items') },
  { name: `shop ${round}: tag`, scenario: tagScenario, agent: calling('tag_item', { item_id: 'i-1', tag: 'sale' }) },
])
const plays: readonly Play[] = corpus.flatMap((play, index) => (index % 38 === 0 ? [...shop.slice((index / 38) * 4, (index / 38) * 4 + 4), play] : [play]))

/** Everything a run did, as text: how it ended, its messages, its calls, its last world and its score. */
async function outcomeOf(play: Play): Promise<string> {
  const user = play.scenario === tagScenario ? { user: scriptedUser([{ end: true }]) } : {}
  const trajectory: Trajectory = await runScenario(play.scenario, { agent: play.agent(), ...user })
  const evaluation = await evaluateAgainst(trajectory, play.scenario)
  const { stack: _stack, ...error } = trajectory.error ?? {}
  return canonicalJson({
    status: trajectory.status,
    error,
    messages: trajectory.messages.map(({ sender, recipient, content, toolCalls, toolResult }) => ({ sender, recipient, content, toolCalls: toolCalls ?? null, toolResult: toolResult ?? null })),
    world: (trajectory.snapshots[trajectory.snapshots.length - 1] ?? { tables: {} }).tables,
    score: evaluation.score,
  } as never)
}

/** `items` in an order drawn from `seed` (Fisher-Yates). */
function shuffled<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed)
  const order = [...items]
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[order[index], order[other]] = [order[other] as T, order[index] as T]
  }
  return order
}

async function oneByOne(order: readonly Play[]): Promise<Map<string, string>> {
  const outcomes = new Map<string, string>()
  for (const play of order) outcomes.set(play.name, await outcomeOf(play))
  return outcomes
}

async function allAtOnce(order: readonly Play[]): Promise<Map<string, string>> {
  return new Map(await Promise.all(order.map(async (play) => [play.name, await outcomeOf(play)] as const)))
}

describe('runs are independent', () => {
  test('the built-in corpus with in-place pushes mixed in: the same runs in corpus order, shuffled, and all at once', async () => {
    expect(plays).toHaveLength(228 + 24)
    const inOrder = await oneByOne(plays)
    const ways = { shuffled: await oneByOne(shuffled(plays, 'order-1')), 'all at once, shuffled': await allAtOnce(shuffled(plays, 'order-2')) }
    for (const [way, outcomes] of Object.entries(ways)) {
      const differing = plays.filter((play) => outcomes.get(play.name) !== inOrder.get(play.name)).map((play) => play.name)
      expect(differing, way).toEqual([])
    }
    // What the runs say: every push in place is refused, the sloppy one ignored, every read sees the kettle as the domain defines it.
    const shopRound = (name: string) => JSON.parse(inOrder.get(name) ?? '{}') as { status: string; error: { kind?: string }; score: number; messages: { toolResult: { result?: unknown } | null }[] }
    expect(shopRound('shop 5: push in place')).toMatchObject({ status: 'error', error: { kind: 'row-mutated' } })
    expect(shopRound('shop 5: push in sloppy code')).toMatchObject({ status: 'completed', score: 0 })
    expect(shopRound('shop 5: list').messages.find((message) => message.toolResult !== null)?.toolResult?.result).toEqual([
      { item_id: 'i-1', name: 'kettle', tags: ['kitchen'], stock: 3 },
      { item_id: 'i-2', name: 'lamp', tags: [], stock: 0 },
    ])
    expect(shopRound('shop 5: tag')).toMatchObject({ status: 'completed', score: 1 })
    expect([...inOrder.values()].filter((outcome) => JSON.parse(outcome).score === 1)).toHaveLength(228 + 6)
  })
})
