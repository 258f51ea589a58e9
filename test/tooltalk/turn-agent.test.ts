import { describe, expect, test } from 'vitest'
import type { ToolTalkConversation, ToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import { evaluateToolTalkConversation, loadToolTalkDataset, referenceToolTalkAgent } from '../../scenarios/tooltalk/index.ts'
import { modelArguments } from '../../scenarios/tooltalk/tooltalk-scenario.ts'
import type { TurnAgent } from '../../src/roles/index.ts'
import { turnAgent } from '../../src/roles/index.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

/** The ground truth played by a turn-level agent: each assistant turn's recorded calls through its tools, then the recorded text. */
function referenceTurnAgent(conversation: ToolTalkConversation): TurnAgent {
  const assistantTurns = conversation.turns.filter((turn) => turn.role === 'assistant')
  return turnAgent('reference-turn', async ({ messages, tools }) => {
    const answered = messages.filter((message) => message.sender === 'agent' && message.recipient === 'user').length
    const turn = assistantTurns[answered]
    if (turn === undefined) return ''
    for (const call of turn.calls) await tools.find((tool) => tool.spec.name === call.apiName)!.call(modelArguments(call.apiName, call.parameters ?? {}))
    return turn.text
  })
}

describe.skipIf(!HAS_TOOLTALK_DATA)(`ToolTalk's protocol with a turn-level agent ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  const load = (split: string): Promise<ToolTalkDataset> => loadToolTalkDataset(`${TOOLTALK_DATA}${split}`)

  test.for(['easy', 'tooltalk'])('a turn-level agent playing the ground truth scores as the step-level reference on every %s conversation', async (split) => {
    const data = await load(split)
    for (const conversation of data.conversations) {
      const [viaTurns, viaSteps] = await Promise.all([
        evaluateToolTalkConversation(conversation, referenceTurnAgent(conversation), { world: data.databases.world }),
        evaluateToolTalkConversation(conversation, referenceToolTalkAgent(conversation), { world: data.databases.world }),
      ])
      expect.soft(viaTurns.metrics, conversation.name).toEqual(viaSteps.metrics)
      expect.soft(viaTurns.predictions, conversation.name).toEqual(viaSteps.predictions)
      expect.soft(viaTurns.turns.map((turn) => turn.end), conversation.name).toEqual(viaSteps.turns.map((turn) => turn.end))
    }
  })

  test('the call limit stops a looping turn-level agent: the turn ends at call-limit with that many predictions', async () => {
    const data = await load('easy')
    const conversation = data.conversations[0]!
    let signal: AbortSignal | undefined
    const looping = turnAgent('looping', async (turn) => {
      signal = turn.signal
      const first = turn.tools[0]!
      for (;;) await first.call({})
    })
    const result = await evaluateToolTalkConversation(conversation, looping, { world: data.databases.world, maxCallsPerTurn: 5 })
    expect(result.status).toBe('completed')
    expect(result.turns[0]).toMatchObject({ end: 'call-limit' })
    expect(result.turns[0]!.predictions).toHaveLength(5)
    expect(signal?.aborted).toBe(true)
  })
})
