import type { ToolTalkIrregularity, ToolTalkSearchOrder } from './domain/index.ts'
import type { WorldSnapshot } from '../../src/world/index.ts'
import type { ReplayedCall } from './start-turn.ts'
import { replayCalls, startToolTalkTurn } from './start-turn.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { groundTruthCalls } from './tooltalk-conversation.ts'

/**
 * How a replay draws ids and lists search results. ToolTalk's conversations were not all
 * recorded the way ToolTalk's evaluation replays them; these are the two differences the
 * recorded data shows.
 */
export interface ReplayDiscipline {
  /**
   * - `continue`: as ToolTalk's evaluation does it. Every turn starts from fresh tools and
   *   replays the earlier turns, so each tool's `Random(489)` sequence continues across the
   *   conversation.
   * - `restart-each-turn`: every tool's generator starts again at each assistant turn while the
   *   databases carry on. Some conversations were recorded this way: in
   *   `Calendar-Messages-Weather-SendMessage-1` turn 3 sends the same three message ids as turn 1.
   */
  readonly ids: 'continue' | 'restart-each-turn'
  /**
   * - `newest-first`: ToolTalk's search tools sort matches by date, newest first.
   * - `stored`: every search result recorded in ToolTalk's conversations lists its matches in the
   *   databases' order, so the tool that recorded them did not sort.
   */
  readonly searchOrder: ToolTalkSearchOrder
}

/** ToolTalk's evaluation: ids continue across turns, searches list the newest first. */
export const EVALUATION_DISCIPLINE: ReplayDiscipline = { ids: 'continue', searchOrder: 'newest-first' }

/** Every discipline `best` tries, in order of preference. */
const DISCIPLINES: readonly ReplayDiscipline[] = [
  EVALUATION_DISCIPLINE,
  { ids: 'continue', searchOrder: 'stored' },
  { ids: 'restart-each-turn', searchOrder: 'newest-first' },
  { ids: 'restart-each-turn', searchOrder: 'stored' },
]

/** Options of `replayToolTalkConversation`. */
export interface ReplayConversationOptions {
  /**
   * The discipline to replay with, or `best` (the default): ToolTalk's evaluation first and, when
   * it misses calls, the other combinations, keeping the first that reproduces the most. A
   * conversation is checked under one discipline as a whole, never call by call.
   */
  readonly discipline?: ReplayDiscipline | 'best'
}

/** The outcome of replaying a conversation's ground truth. */
export interface ConversationReplay {
  readonly calls: readonly ReplayedCall[]
  readonly reproduced: number
  /** The discipline the calls were replayed with. */
  readonly discipline: ReplayDiscipline
  readonly irregularities: readonly ToolTalkIrregularity[]
}

/**
 * Replays the ground-truth calls of a conversation's assistant turns from the starting databases, in order. This
 * is the state every evaluated turn rebuilds (ToolTalk resets and replays the earlier turns), done
 * once, so each call's recorded response and exception can be checked against the simulator. The
 * discipline only serves this check; evaluating an agent always runs ToolTalk's own.
 */
export function replayToolTalkConversation(conversation: ToolTalkConversation, world: WorldSnapshot, options: ReplayConversationOptions = {}): ConversationReplay {
  const requested = options.discipline ?? 'best'
  if (requested !== 'best') return replayWithDiscipline(conversation, world, requested).replay
  const { replay, searchOrderRead } = replayWithDiscipline(conversation, world, EVALUATION_DISCIPLINE)
  return bestReplay(conversation, world, replay, searchOrderRead)
}

/**
 * The `best` replay, given the replay under ToolTalk's own discipline (`EVALUATION_DISCIPLINE`,
 * with ToolTalk's argument handling), which an evaluation has already made, and whether a call of
 * it read the search order (`ToolTalkSimulator.searchOrderRead`): it is the answer when it
 * reproduces every call, and the others are tried only when it does not, and only those that
 * could replay a call differently. Another search order can change nothing when no call read the
 * order; restarting the generators at each turn changes nothing when no tool is called in two
 * assistant turns (a tool's generator is then fresh at every call that could draw from it either
 * way). A discipline skipped so would come out as a replay already tried and, not reproducing
 * more, would not be kept.
 */
export function bestReplay(conversation: ToolTalkConversation, world: WorldSnapshot, evaluated: ConversationReplay, searchOrderRead: boolean): ConversationReplay {
  let best = evaluated
  let restartMatters: boolean | undefined
  for (const discipline of DISCIPLINES) {
    if (best.reproduced === best.calls.length) break
    if (discipline === EVALUATION_DISCIPLINE) continue
    if (discipline.ids === 'restart-each-turn' ? !(restartMatters ??= toolInTwoTurns(conversation)) : !searchOrderRead) continue
    const { replay } = replayWithDiscipline(conversation, world, discipline)
    if (replay.reproduced > best.reproduced) best = replay
  }
  return best
}

/** Whether one tool is called (in the ground truth) in two assistant turns. */
function toolInTwoTurns(conversation: ToolTalkConversation): boolean {
  const firstTurn = new Map<string, number>()
  for (const turn of conversation.turns) {
    if (turn.role !== 'assistant') continue
    for (const call of turn.calls) {
      const first = firstTurn.get(call.apiName)
      if (first === undefined) firstTurn.set(call.apiName, turn.position)
      else if (first !== turn.position) return true
    }
  }
  return false
}

/**
 * The replay of a conversation's ground truth under one discipline, with whether a call of it read
 * the search order (what `bestReplay` takes).
 */
export function replayWithDiscipline(conversation: ToolTalkConversation, world: WorldSnapshot, discipline: ReplayDiscipline): { readonly replay: ConversationReplay; readonly searchOrderRead: boolean } {
  const irregularities: ToolTalkIrregularity[] = []
  const simulator = startToolTalkTurn(conversation, world, irregularities, discipline.searchOrder)
  const calls = replayCalls(
    simulator,
    // ToolTalk replays only assistant turns' calls; a call a file puts on a user turn never runs.
    groundTruthCalls(conversation)
      .map((entry, index) => ({ ...entry, index }))
      .filter((entry) => conversation.turns[entry.turn]?.role === 'assistant'),
    { restartEachTurn: discipline.ids === 'restart-each-turn' },
  )
  return { replay: { calls, reproduced: calls.filter((call) => call.reproduced).length, discipline, irregularities }, searchOrderRead: simulator.searchOrderRead }
}
