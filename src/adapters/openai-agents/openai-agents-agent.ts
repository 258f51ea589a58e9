import type { Agent, FunctionTool, ModelProvider, RunConfig } from '@openai/agents'
import type { ModelCache } from '../../cache/index.ts'
import { cacheOf } from '../../roles/endpoint/chat-model-options.ts'
import type { TurnAgent } from '../../roles/turn-agent.ts'
import { cachedModelOf, cachedModelProvider } from './cached-model-provider.ts'
import { loadAgents } from './load-agents.ts'
import { openaiAgentsOutcome } from './openai-agents-errors.ts'
import { openaiAgentsInput } from './openai-agents-input.ts'
import { openaiAgentsTools } from './openai-agents-tools.ts'

// The SDK's Agent is generic in its context and output types; any of them can be tested.
type AnySdkAgent = Agent<any, any>

/** What the world gives an agent factory each turn. */
export interface OpenAIAgentsWorld {
  /** The scenario's tools as presented, as function tools bound to the run. */
  readonly tools: FunctionTool[]
  /** The run's system prompt, for agents that have no instructions of their own. */
  readonly systemPrompt: string
}

/** Options of `openaiAgentsAgent`. */
export interface OpenAIAgentsAgentOptions {
  /**
   * Your agent. Given as an `Agent`, it gets the world's tools added to its own (and the run's
   * system prompt when it has no instructions); given as a function, you build it (and its
   * handoffs) from the world's tools each turn, for agents whose handoff targets need the tools too.
   */
  readonly agent: AnySdkAgent | ((world: OpenAIAgentsWorld) => AnySdkAgent)
  /** The name in reports; `openai-agents:<agent name>` by default. */
  readonly name?: string
  /**
   * The SDK's run configuration: `modelProvider` (for instance an `OpenAIProvider` with an
   * `openAIClient` whose `baseURL` is your server, and `useResponses: false` for Chat Completions
   * servers), `model`, `modelSettings`, guardrails, ... Tracing is off unless you turn it on, so
   * a test run exports nothing.
   */
  readonly runConfig?: Partial<RunConfig>
  /** The SDK's limit of model turns per `run` (its own default when absent). */
  readonly maxTurns?: number
  /**
   * Where model calls are recorded and replayed (see `cachedModelProvider`). `false` turns caching
   * off. When absent, the cache that `TOOLCHECK_CACHE` and `TOOLCHECK_CACHE_DIR` describe.
   */
  readonly cache?: ModelCache | false
  /** The endpoint's name in cache keys; `openai-agents` by default. */
  readonly endpoint?: string
  /** Where to read `TOOLCHECK_CACHE*`; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>
}

/**
 * A turn-level agent that is your OpenAI Agents SDK `Agent`, run with the SDK's own `run` loop
 * for each user turn: the conversation so far is the input, the world's tools are function tools
 * that execute through toolcheck's run (recorded with their snapshots), handoffs and guardrails
 * work as in production, and the final output is the agent's answer. The run's abort signal is
 * passed to the SDK, so the message budget and cancellation stop its loop.
 *
 * When the agent's own loop fails (its `maxTurns` ran out, its model called a tool that does
 * not exist, a guardrail tripped) the turn ends without an answer and the run is scored as the
 * agent played it; a failed HTTP call ends the run with status `error`.
 *
 * @example
 * const agent = openaiAgentsAgent({
 *   agent: new Agent({ name: 'phone', instructions: 'Help with the phone.', model: 'gpt-4o-mini' }),
 * })
 */
export function openaiAgentsAgent(options: OpenAIAgentsAgentOptions): TurnAgent {
  const cache = cacheOf({ ...(options.cache === undefined ? {} : { cache: options.cache }), ...(options.env === undefined ? {} : { env: options.env }) })
  const defaultName = typeof options.agent === 'function' ? 'openai-agents' : `openai-agents:${options.agent.name}`
  return {
    name: options.name ?? defaultName,
    async runTurn(turn, context) {
      const sdk = await loadAgents()
      const tools = await openaiAgentsTools(turn)
      const agent = typeof options.agent === 'function' ? options.agent({ tools, systemPrompt: turn.systemPrompt }) : withWorld(options.agent, tools, turn.systemPrompt)
      const cacheOptions = { cache, trial: context.trial, ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }), onUsage: turn.recordUsage }
      const { modelProvider, model, ...config } = options.runConfig ?? {}
      const provider: ModelProvider = modelProvider ?? new sdk.OpenAIProvider()
      const runner = new sdk.Runner({
        tracingDisabled: true,
        ...config,
        modelProvider: cachedModelProvider(provider, cacheOptions),
        ...(model === undefined ? {} : { model: typeof model === 'string' ? model : cachedModelOf(model, 'run-config-model', cacheOptions) }),
      })
      try {
        const result = await runner.run(agent, openaiAgentsInput(turn.messages), {
          signal: turn.signal,
          ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
        })
        const output: unknown = result.finalOutput
        return typeof output === 'string' ? output : output === undefined || output === null ? '' : JSON.stringify(output)
      } catch (error) {
        const outcome = openaiAgentsOutcome(error, turn.signal)
        if (outcome === 'agent') return ''
        throw outcome
      }
    },
  }
}

/** The agent with the world's tools after its own, and the run's prompt when it has none. */
function withWorld(agent: AnySdkAgent, tools: FunctionTool[], systemPrompt: string): AnySdkAgent {
  const hasInstructions = typeof agent.instructions === 'function' || (typeof agent.instructions === 'string' && agent.instructions.trim() !== '')
  return agent.clone({ tools: [...agent.tools, ...tools], ...(hasInstructions ? {} : { instructions: systemPrompt }) })
}
