import type { ToolTalkArgumentHandling, ToolTalkCall, ToolTalkIrregularity } from './domain/index.ts'
import type { ToolTalkCompareOptions, ToolTalkComparison, ToolTalkMetrics } from './metrics/index.ts'
import { compareToolTalkCalls } from './metrics/index.ts'
import type { RoleContext } from '../../src/roles/types.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import type { AnyAgent, TurnAgent, TurnToolResult } from '../../src/roles/turn-agent.ts'
import { isTurnAgent } from '../../src/roles/turn-agent.ts'
import { playTurn } from '../../src/roles/play-turn.ts'
import type { ToolSpec } from '../../src/tools/index.ts'
import type { ToolTalkSimulator } from './domain/index.ts'
import type { JsonValue, WorldSnapshot } from '../../src/world/index.ts'
import type { ConversationReplay, ReplayDiscipline } from './replay-conversation.ts'
import { bestReplay, EVALUATION_DISCIPLINE, replayWithDiscipline } from './replay-conversation.ts'
import type { ReplayedCall } from './start-turn.ts'
import { replayCalls, scoredFromReplay, scoredGroundTruth, startToolTalkTurn } from './start-turn.ts'
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
  /**
   * How the agent's arguments are checked (see `ToolTalkArgumentHandling`): ToolTalk's way by
   * default, toolcheck's validation when `strict` is set (which also fixes ToolTalk's comparison
   * bugs, see `ToolTalkCompareOptions.strict`).
   */
  readonly argumentHandling?: ToolTalkArgumentHandling
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
   * The ground-truth calls checked on replay (`replayToolTalkConversation`): `reproduced` under the
   * discipline that reproduced the most of them (`discipline`, the best of four), and
   * `reproducedByToolTalkDiscipline` under ToolTalk's own evaluation (ids continue across turns,
   * searches newest first), which is what an evaluated agent meets.
   */
  readonly replay: {
    readonly calls: number
    readonly reproduced: number
    readonly discipline: ReplayDiscipline
    readonly mismatches: readonly ReplayedCall[]
    readonly reproducedByToolTalkDiscipline: number
  }
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
 * conversation as ToolTalk does. A turn-level agent (`TurnAgent`) runs its own loop for each
 * assistant turn over tools that execute in the turn's simulator; the call limit stops its loop.
 */
export async function evaluateToolTalkConversation(
  conversation: ToolTalkConversation,
  agent: AnyAgent,
  options: EvaluateToolTalkOptions,
): Promise<ToolTalkConversationResult> {
  const maxCalls = options.maxCallsPerTurn ?? 20
  const argumentHandling = options.argumentHandling ?? (options.strict === true ? 'strict' : 'tooltalk')
  // Made when an agent first reads it; the reference agent, which replays the ground truth, never
  // does, and making it validates a whole scenario per conversation.
  let scenario: Scenario | undefined
  const scenarioOf = (): Scenario => (scenario ??= toolTalkScenario(conversation))
  // The tools as models see them are made when an agent first looks at them (the reference agent
  // never does); presenting all 28 is a tenth of a short toolcheck tooltalk run.
  let toolSpecs: ToolSpec[] | undefined
  const toolsOf = (): ToolSpec[] => (toolSpecs ??= toolTalkToolSpecs())
  const systemPrompt = toolTalkSystemPrompt(conversation)
  const irregularities: ToolTalkIrregularity[] = [...conversation.irregularities]
  const turns: ToolTalkTurnResult[] = []
  // ToolTalk starts every assistant turn from fresh databases and tools and replays the earlier
  // turns' ground-truth calls. That replay comes out the same every time, so one simulator plays
  // the ground truth through the conversation and each turn starts from a fork of it; its replay
  // is also the one scoring needs. Every ground-truth call is scored; only those of assistant
  // turns are replayed (ToolTalk's api_history), so calls a file puts on a user turn count but
  // never change the databases.
  const startProblems: ToolTalkIrregularity[] = []
  const groundTruth = startToolTalkTurn(conversation, options.world, startProblems, 'newest-first', argumentHandling)
  if (conversation.turns.some((turn) => turn.role === 'assistant')) irregularities.push(...startProblems)
  const replayed: ReplayedCall[] = []
  let callCount = 0
  let status: 'completed' | 'error' = 'completed'
  let error: string | undefined
  for (const turn of conversation.turns) {
    if (turn.role === 'assistant' && status === 'completed') {
      const simulator = groundTruth.fork()
      const log = ToolTalkMessageLog.history(conversation, turn.position)
      const predictions: ToolTalkCall[] = []
      let end: TurnEnd = 'call-limit'
      let answer: string | undefined
      const context: RoleContext = {
        get scenario() {
          return scenarioOf()
        },
        trial: 0,
        seed: 489,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      }
      try {
        if (isTurnAgent(agent)) {
          const played = await playToolTalkTurn(agent, { simulator, log, predictions, maxCalls, tools: toolsOf(), systemPrompt, context })
          if (played !== undefined) {
            end = 'answered'
            answer = played
          }
        } else
          while (predictions.length < maxCalls) {
            const view = {
              messages: [...log.messages],
              get tools() {
                return toolsOf()
              },
              systemPrompt,
            }
            const reply = await agent.respond(view, context)
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
    const calls = turn.calls.map((call) => ({ turn: turn.position, index: callCount++, call }))
    if (turn.role === 'assistant') replayed.push(...replayCalls(groundTruth, calls))
  }
  const evaluated: ConversationReplay = { calls: replayed, reproduced: replayed.filter((call) => call.reproduced).length, discipline: EVALUATION_DISCIPLINE, irregularities: startProblems }
  return scoredConversation(conversation, turns, { ...options, argumentHandling }, { agent: agent.name, status, ...(error === undefined ? {} : { error }), irregularities }, { replay: evaluated, searchOrderRead: groundTruth.searchOrderRead })
}

/**
 * Scores the calls of a conversation's turns against its ground truth as ToolTalk scores them
 * (the ground truth with the session tokens ToolTalk's replay writes, pooled over the
 * conversation), and checks the ground truth on replay. Shared by the evaluation of an agent and
 * the scoring of predictions made elsewhere. `evaluated` is the replay of every assistant turn's
 * ground truth under ToolTalk's discipline (`EVALUATION_DISCIPLINE`) with `options`' argument
 * handling, when the caller has made it: it is then not made again.
 */
export async function scoredConversation(
  conversation: ToolTalkConversation,
  turns: readonly ToolTalkTurnResult[],
  options: Pick<EvaluateToolTalkOptions, 'world' | 'strict' | 'similarity' | 'argumentHandling'>,
  run: { readonly agent: string; readonly status: 'completed' | 'error'; readonly error?: string; readonly irregularities: readonly ToolTalkIrregularity[] },
  evaluated?: { readonly replay: ConversationReplay; readonly searchOrderRead: boolean },
): Promise<ToolTalkConversationResult> {
  const argumentHandling = options.argumentHandling ?? (options.strict === true ? 'strict' : 'tooltalk')
  const groundTruth = evaluated === undefined ? scoredGroundTruth(conversation, options.world, argumentHandling) : scoredFromReplay(conversation, evaluated.replay.calls)
  // One replay of the whole ground truth gives what every turn's replay gave (it is deterministic),
  // and also checks the last turn's calls, which no turn replays. The check is made with
  // ToolTalk's argument handling, so an evaluation's replay serves only when it used that.
  const asToolTalk = evaluated !== undefined && argumentHandling === 'tooltalk' ? evaluated : replayWithDiscipline(conversation, options.world, EVALUATION_DISCIPLINE)
  const replay = bestReplay(conversation, options.world, asToolTalk.replay, asToolTalk.searchOrderRead)
  const predictions = turns.flatMap((turn) => turn.predictions)
  const comparison = await compareToolTalkCalls(
    predictions,
    groundTruth,
    { ...(options.strict === undefined ? {} : { strict: options.strict }), ...(options.similarity === undefined ? {} : { similarity: options.similarity }) },
  )
  return {
    name: conversation.name,
    file: conversation.file,
    agent: run.agent,
    turns,
    predictions,
    groundTruth,
    comparison,
    metrics: comparison.metrics,
    replay: {
      calls: replay.calls.length,
      reproduced: replay.reproduced,
      discipline: replay.discipline,
      mismatches: replay.calls.filter((call) => !call.reproduced),
      reproducedByToolTalkDiscipline: asToolTalk.replay.reproduced,
    },
    status: run.status,
    ...(run.error === undefined ? {} : { error: run.error }),
    irregularities: run.irregularities,
  }
}

/** What a turn-level agent's ToolTalk turn works on. */
interface ToolTalkTurn {
  readonly simulator: ToolTalkSimulator
  readonly log: ToolTalkMessageLog
  readonly predictions: ToolTalkCall[]
  readonly maxCalls: number
  readonly tools: readonly ToolSpec[]
  readonly systemPrompt: string
  readonly context: RoleContext
}

/**
 * One assistant turn of a turn-level agent: its calls run in the simulator in the order they
 * arrive (ToolTalk has no parallel calls), each a prediction, and the agent reads what a
 * step-level agent would (`{ response, exception }` as JSON). Returns its answer, or undefined
 * when the call limit stopped it. A cancelled evaluation throws, as a step-level agent's would.
 */
async function playToolTalkTurn(agent: TurnAgent, turn: ToolTalkTurn): Promise<string | undefined> {
  const played = await playTurn(agent, {
    messages: [...turn.log.messages],
    tools: turn.tools,
    systemPrompt: turn.systemPrompt,
    context: turn.context,
    async execute(calls, stop) {
      const results: TurnToolResult[] = []
      for (const call of calls) {
        if (turn.predictions.length >= turn.maxCalls) {
          // Calls past the limit never run, as the step-level protocol drops them.
          const refused = `the turn reached its limit of ${turn.maxCalls} calls`
          results.push({ callId: call.callId ?? '', content: `TurnClosedError: ${refused}`, error: { kind: 'TurnClosedError', message: refused } })
          continue
        }
        const outcome = turn.simulator.execute(call.name, call.arguments)
        turn.predictions.push(outcome)
        turn.log.call(outcome, call.arguments as never)
        const recorded = turn.log.messages.at(-1)?.toolResult
        results.push({
          callId: call.callId ?? recorded?.callId ?? '',
          content: JSON.stringify({ response: outcome.response, exception: outcome.exception }),
          ...(outcome.exception === null ? { result: outcome.response as JsonValue } : { error: { kind: 'ToolTalkError', message: outcome.exception } }),
        })
      }
      if (turn.predictions.length >= turn.maxCalls) stop(`the turn reached its limit of ${turn.maxCalls} calls`)
      return results
    },
  })
  if (played.outcome === 'cancelled') throw new Error('the evaluation was cancelled')
  return played.outcome === 'answered' ? played.content : undefined
}
