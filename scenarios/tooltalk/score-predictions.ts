import { basename } from 'node:path'
import type { EvaluateToolTalkOptions, ToolTalkConversationResult, ToolTalkTurnResult } from './evaluate-conversation.ts'
import { scoredConversation } from './evaluate-conversation.ts'
import type { ToolTalkPredictions } from './load-predictions.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'

/**
 * Scores predictions made elsewhere (ToolTalk's own harness, or any that writes its format) as
 * ToolTalk's `evaluate_predictions` does: the calls are taken as recorded (with the responses and
 * exceptions the other harness's simulator gave; nothing is run again) and matched, pooled over
 * the conversation, against the ground truth with the session tokens ToolTalk's replay writes.
 * The predictions' turns must line up with the conversation's.
 *
 * @throws Error when the file's turns do not line up with the conversation's.
 */
export async function scoreToolTalkPredictions(
  conversation: ToolTalkConversation,
  predicted: ToolTalkPredictions,
  options: Pick<EvaluateToolTalkOptions, 'world' | 'strict' | 'similarity'>,
): Promise<ToolTalkConversationResult> {
  if (predicted.turns.length !== conversation.turns.length)
    throw new Error(`${predicted.file} has ${predicted.turns.length} turns where ${conversation.file} has ${conversation.turns.length}`)
  const turns: ToolTalkTurnResult[] = []
  for (const [position, turn] of predicted.turns.entries()) {
    const own = conversation.turns[position]
    if (own === undefined || turn.role.toLowerCase() !== own.role)
      throw new Error(`${predicted.file}: turn ${position} is a ${turn.role} turn where ${conversation.file} has a ${own?.role ?? 'missing'} turn`)
    // ToolTalk scores every prediction in the file, whatever the turn that holds it.
    if (own.role === 'assistant' || turn.calls.length > 0)
      turns.push({ turn: position, predictions: turn.calls, groundTruth: own.calls, ...(turn.answer === undefined ? {} : { answer: turn.answer }), end: 'answered' })
  }
  return scoredConversation(conversation, turns, options, { agent: `predictions:${basename(predicted.file)}`, status: 'completed', irregularities: conversation.irregularities })
}
