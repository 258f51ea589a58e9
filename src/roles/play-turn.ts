import type { Message, Usage } from '../conversation/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import { AgentReplyError } from './agent-reply-error.ts'
import type { BatchedCall } from './bind-turn-tools.ts'
import { bindTurnTools, TurnClosedError } from './bind-turn-tools.ts'
import type { TurnAgent, TurnToolResult } from './turn-agent.ts'
import { turnReplyText } from './turn-agent.ts'
import type { RoleContext } from './types.ts'
import { InfrastructureError } from './types.ts'

/** What `playTurn` needs besides the agent. */
export interface PlayTurnOptions {
  /** The messages the agent sees. */
  readonly messages: readonly Message[]
  /** The tools to hand it, as presented. */
  readonly tools: readonly ToolSpec[]
  readonly systemPrompt: string
  /** The role context; its signal cancels the turn. */
  readonly context: RoleContext
  /**
   * Executes one batch of calls and records it, returning a result per call. Call `stop` to end
   * the turn after this batch (a budget or call limit reached): its results still reach the agent,
   * then its signal fires and later calls are refused.
   */
  execute(calls: readonly BatchedCall[], stop: (reason: string) => void): Promise<readonly TurnToolResult[]>
  /** Told the usage the agent reports while the turn lasts. */
  recordUsage?(usage: Usage): void
  /** Told, in order with the batches, each system prompt a model call of the turn carried. */
  recordSystemPrompt?(text: string): void
}

/**
 * How a turn ended: the agent answered; `execute` stopped it (the reason given); or the context's
 * signal cancelled it. An exception the agent throws while the turn lasts is thrown; when it is not
 * an `InfrastructureError` but the turn reported one (`TurnInput.reportFailure`), that failure is
 * thrown instead. A turn that ends with neither text nor `{ content }` throws an `AgentReplyError`.
 */
export type PlayedTurn = { readonly outcome: 'answered'; readonly content: string } | { readonly outcome: 'stopped'; readonly reason: string } | { readonly outcome: 'cancelled'; readonly reason: unknown }

/**
 * Plays one turn of a turn-level agent: binds the tools to `execute` (see `bindTurnTools`), runs
 * `runTurn` with a signal of its own, and returns as soon as the agent answers, `execute` stops
 * the turn or the context's signal fires, whichever comes first. It does not wait for an agent
 * that ignores its signal; whatever it does later is refused and never recorded. Before
 * returning, a batch still being recorded is finished, so nothing is recorded after the turn.
 */
export async function playTurn(agent: TurnAgent, options: PlayTurnOptions): Promise<PlayedTurn> {
  const controller = new AbortController()
  let ended: PlayedTurn | undefined
  // The last model call of the turn that failed for good, as the agent's adapter reported it.
  let failure: InfrastructureError | undefined
  const end = (outcome: PlayedTurn, reason: unknown) => {
    if (ended !== undefined) return
    ended = outcome
    bound.close(outcome.outcome === 'stopped' ? outcome.reason : 'the run was cancelled')
    controller.abort(reason)
  }
  const stop = (reason: string) => end({ outcome: 'stopped', reason }, new TurnClosedError(reason))
  const bound = bindTurnTools(options.tools, (calls) => options.execute(calls, stop))
  const outer = options.context.signal
  const onCancel = () => end({ outcome: 'cancelled', reason: outer?.reason }, outer?.reason)
  if (outer?.aborted === true) onCancel()
  else outer?.addEventListener('abort', onCancel, { once: true })
  try {
    const endedEarly = new Promise<undefined>((resolve) => {
      if (controller.signal.aborted) resolve(undefined)
      else controller.signal.addEventListener('abort', () => resolve(undefined), { once: true })
    })
    // The agent's promise may settle after the turn ended, or never (a framework that ignores its
    // signal); its outcome is then of no interest, and must not surface as an unhandled rejection.
    const turn = Promise.resolve()
      .then(() =>
        agent.runTurn(
          {
            messages: options.messages,
            tools: bound.tools,
            systemPrompt: options.systemPrompt,
            signal: controller.signal,
            recordUsage: (usage) => {
              if (ended === undefined) options.recordUsage?.(usage)
            },
            callByName: (name, args, callOptions) => bound.callByName(name, args, callOptions),
            recordOutsideCall: (call) => bound.recordOutsideCall(call),
            recordSystemPrompt: (text) => bound.inOrder(() => options.recordSystemPrompt?.(text)),
            reportFailure: (error) => {
              failure = error
            },
          },
          { ...options.context, signal: controller.signal },
        ),
      )
      .then(
        (reply) => ({ reply }),
        (error: unknown) => ({ error }),
      )
    const settled = await Promise.race([turn, endedEarly])
    if (ended !== undefined || settled === undefined) return ended as PlayedTurn
    if ('error' in settled) throw settled.error instanceof InfrastructureError || failure === undefined ? settled.error : failure
    const reply: unknown = settled.reply
    if (typeof reply !== 'string' && typeof (reply as { content?: unknown } | null | undefined)?.content !== 'string')
      throw new AgentReplyError("is not how a turn ends: return the text for the user, or { content }", reply)
    ended = { outcome: 'answered', content: turnReplyText(settled.reply) }
    return ended
  } finally {
    outer?.removeEventListener('abort', onCancel)
    bound.close("the agent's turn had already ended")
    // A call the framework started without awaiting it may still be recording its batch.
    await bound.idle()
  }
}
