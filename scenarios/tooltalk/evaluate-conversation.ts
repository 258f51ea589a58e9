import type { ToolTalkCall, ToolTalkIrregularity } from './domain/index.ts'
import type { ToolTalkCompareOptions, ToolTalkComparison, ToolTalkMetrics } from './metrics/index.ts'
import { compareToolTalkCalls } from './metrics/index.ts'
import type { Agent } from '../../src/roles/types.ts'
import type { JsonValue, WorldSnapshot } from '../../src/world/index.ts'
import type { ReplayDiscipline } from './replay-conversation.ts'
import { replayToolTalkConversation } from './replay-conversation.ts'
import type { ReplayedCall } from './start-turn.ts'
import { replayCalls, startToolTalkTurn } from './start-turn.ts'
import type { ToolTalkConversation } from './tooltalk-conversation.ts'
import { toolTalkScenario } from './tooltalk-scenario.ts'
import { ToolTalkMessageLog, toolTalkSystemPrompt, toolTalkToolSpecs } from './tooltalk-view.ts'

/** Options of `evaluateToolTalkConversation`. */
export interface EvaluateToolTalkOptions extends ToolTalkCompareOptions {
  /** The starting databases (`dataset.databases.world`). */
  readonly world: WorldSnapshot
  /**
   * The most tool calls the agent may make in one turn (ToolTalk has no limit, so a looping model
   * never ends there); 20 by default. The turn ends when the limit is reached.
   */
  readonly maxCallsPerTurn?: number
  readonly signal?: AbortSignal
}

/** How an evaluated turn ended. */
export type TurnEnd = 'answered' | 'call-limit' | 'error'

/** One evaluated assistant turn. */
export interface ToolTalkTurnResult {
  /** The assistant turn's position in the file. */
  readonly turn: number
  readonly predictions: readonly ToolTalkCall[]
  readonly groundTruth: readonly ToolTalkCall[]
  /** The agent's final text, when it answered. */
  readonly answer?: string
  readonly end: TurnEnd
}

/** The evaluation of one conversation: per-turn data, the pooled comparison and its metrics. */
export interface ToolTalkConversationResult {
  readonly name: string
  readonly file: string
  readonly agent: string
  readonly turns: readonly ToolTalkTurnResult[]
  /** Every call the agent made, all turns in order: what `toMatchGroundTruthCalls` receives. */
  readonly predictions: readonly ToolTalkCall[]
  /**
   * Every ground-truth call, in order, as it was scored: the recorded call with the session token
   * the replay used (ToolTalk writes the live token into the calls it replays). Pass it to
   * `toMatchGroundTruthCalls`.
   */
  readonly groundTruth: readonly ToolTalkCall[]
  readonly comparison: ToolTalkComparison
  readonly metrics: ToolTalkMetrics
  /**
   * The ground-truth calls checked on replay (`replayToolTalkConversation`), with the discipline
   * that reproduced the most of them.
   */
  readonly replay: { readonly calls: number; readonly reproduced: number; readonly discipline: ReplayDiscipline; readonly mismatches: readonly ReplayedCall[] }
  /** `error` when the agent's infrastructure failed (the metrics then cover only what happened). */
  readonly status: 'completed' | 'error'
  readonly error?: string
  readonly irregularities: readonly ToolTalkIrregularity[]
}

/**
 * ToolTalk's evaluation protocol for one conversation. For every assistant turn: reset the
 * databases and tools, replay the earlier turns' ground-truth calls, show the agent the
 * conversation so far (earlier ground-truth calls, then each earlier assistant text), run its
 * tool calls until it answers or reaches the call limit, and keep its calls as that turn's
 * predictions. The agent's own calls are forgotten for later turns, which see the ground truth
 * only. Finally all predictions are scored against all ground-truth calls, pooled over the
 * conversation as ToolTalk does.
 */
export async function evaluateToolTalkConversation(
  conversation: ToolTalkConversation,
  agent: Agent,
  options: EvaluateToolTalkOptions,
): Promise<ToolTalkConversationResult> {
  const maxCalls = options.maxCallsPerTurn ?? 20
  const scenario = toolTalkScenario(conversation)
  const tools = toolTalkToolSpecs()
  const systemPrompt = toolTalkSystemPrompt(conversation)
  const irregularities: ToolTalkIrregularity[] = [...conversation.irregularities]
  const turns: ToolTalkTurnResult[] = []
  // Every ground-truth call is scored; only those of assistant turns are replayed (ToolTalk's
  // api_history), so calls a file puts on a user turn count but never change the databases.
  const allCalls: { turn: number; index: number; call: ToolTalkCall }[] = []
  const history: { turn: number; index: number; call: ToolTalkCall }[] = []
  // ToolTalk's replay writes the live session token into the ground-truth calls it replays; the
  // scorer then compares against those, so the effective parameters are kept here.
  const effective = new Map<number, ToolTalkCall>()
  let status: 'completed' | 'error' = 'completed'
  let error: string | undefined
  for (const turn of conversation.turns) {
    if (turn.role === 'assistant' && status === 'completed') {
      const simulator = startToolTalkTurn(conversation, options.world, turns.length === 0 ? irregularities : [])
      for (const replayed of replayCalls(simulator, history)) effective.set(replayed.index, { ...replayed.recorded, parameters: replayed.replayed.parameters })
      const log = ToolTalkMessageLog.history(conversation, turn.position)
      const predictions: ToolTalkCall[] = []
      let end: TurnEnd = 'call-limit'
      let answer: string | undefined
      try {
        while (predictions.length < maxCalls) {
          const reply = await agent.respond(
            { messages: [...log.messages], tools, systemPrompt },
            { scenario, trial: 0, seed: 489, ...(options.signal === undefined ? {} : { signal: options.signal }) },
          )
          const requested = reply.toolCalls ?? []
          if (requested.length === 0) {
            end = 'answered'
            answer = reply.content ?? ''
            break
          }
          for (const request of requested.slice(0, maxCalls - predictions.length)) {
            const outcome = simulator.execute(request.name, request.arguments as JsonValue)
            predictions.push(outcome)
            log.call(outcome, request.arguments as never)
          }
        }
      } catch (failure) {
        end = 'error'
        status = 'error'
        error = `${agent.name} failed in turn ${turn.position}: ${(failure as Error).message}`
      }
      turns.push({ turn: turn.position, predictions, groundTruth: turn.calls, ...(answer === undefined ? {} : { answer }), end })
    }
    for (const call of turn.calls) {
      const entry = { turn: turn.position, index: allCalls.length, call }
      allCalls.push(entry)
      if (turn.role === 'assistant') history.push(entry)
    }
  }
  // One replay of the whole ground truth gives what every turn's replay gave (it is deterministic),
  // and also checks the last turn's calls, which no turn replays.
  const replay = replayToolTalkConversation(conversation, options.world)
  const groundTruth = allCalls.map((entry) => effective.get(entry.index) ?? entry.call)
  const predictions = turns.flatMap((turn) => turn.predictions)
  const comparison = await compareToolTalkCalls(
    predictions,
    groundTruth,
    { ...(options.strict === undefined ? {} : { strict: options.strict }), ...(options.similarity === undefined ? {} : { similarity: options.similarity }) },
  )
  return {
    name: conversation.name,
    file: conversation.file,
    agent: agent.name,
    turns,
    predictions,
    groundTruth,
    comparison,
    metrics: comparison.metrics,
    replay: { calls: replay.calls.length, reproduced: replay.reproduced, discipline: replay.discipline, mismatches: replay.calls.filter((call) => !call.reproduced) },
    status,
    ...(error === undefined ? {} : { error }),
    irregularities,
  }
}
