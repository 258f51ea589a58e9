import type { ToolTalkIrregularity } from '../../src/domains/tooltalk/index.ts'
import type { WorldSnapshot } from '../../src/world/index.ts'
import type { ReplayedCall } from './start-turn.ts'
import { replayCalls, startToolTalkTurn } from './start-turn.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { groundTruthCalls } from './tooltalk-conversation.ts'

/** The outcome of replaying a conversation's ground truth. */
export interface ConversationReplay {
  readonly calls: readonly ReplayedCall[]
  readonly reproduced: number
  readonly irregularities: readonly ToolTalkIrregularity[]
}

/**
 * Replays every ground-truth call of a conversation from the starting databases, in order. This
 * is the state every evaluated turn rebuilds (ToolTalk resets and replays the earlier turns), done
 * once, so each call's recorded response and exception can be checked against the simulator.
 */
export function replayToolTalkConversation(conversation: ToolTalkConversation, world: WorldSnapshot): ConversationReplay {
  const irregularities: ToolTalkIrregularity[] = []
  const simulator = startToolTalkTurn(conversation, world, irregularities)
  const calls = replayCalls(simulator, groundTruthCalls(conversation).map((entry, index) => ({ ...entry, index })))
  return { calls, reproduced: calls.filter((call) => call.reproduced).length, irregularities }
}
