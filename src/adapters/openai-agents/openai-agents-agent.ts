import type { Agent, FunctionTool, Handoff, Model, ModelProvider, RunConfig } from '@openai/agents'
import type OpenAI from 'openai'
import { serverAddress } from '../../cache/index.ts'
import type { TurnAgent } from '../../roles/turn-agent.ts'
import { nonEmpty } from '../../roles/endpoint/non-empty.ts'
import type { CallHooks, ModelGuardOptions } from '../model-guard.ts'
import { modelGuard, serverOf } from '../model-guard.ts'
import { requirePeer } from '../optional-peer.ts'
import type { ModelIdentity } from './guarded-agents-model.ts'
import { guardedAgentsModel, modelIdentity } from './guarded-agents-model.ts'
import { loadAgents } from './load-agents.ts'
import { openaiAgentsOutcome } from './openai-agents-errors.ts'
import { recordedAgentGraph } from './openai-agents-graph.ts'
import { openaiAgentsInput } from './openai-agents-input.ts'
import { agentsResponseRecorder } from './openai-agents-recorder.ts'
import { openaiAgentsTools } from './openai-agents-tools.ts'

// The SDK's Agent is generic in its context and output types; any of them can be tested.
type AnySdkAgent = Agent<any, any>
type Sdk = Awaited<ReturnType<typeof loadAgents>>

const ENTRY = 'vitest-toolcheck/openai-agents'

/** What the world gives an agent factory each turn. */
export interface OpenAIAgentsWorld {
  /** The scenario's tools as presented, as function tools bound to the run. */
  readonly tools: FunctionTool[]
  /** The run's system prompt, for agents that have no instructions of their own. */
  readonly systemPrompt: string
}

/** Options of `openaiAgentsAgent`. */
export interface OpenAIAgentsAgentOptions extends ModelGuardOptions {
  /**
   * Your agent. Given as an `Agent`, it gets the world's tools added to its own (and the run's
   * system prompt when it has no instructions); given as a function, you build it (and its
   * handoffs) from the world's tools each turn, for agents whose handoff targets need the tools too.
   */
  readonly agent: AnySdkAgent | ((world: OpenAIAgentsWorld) => AnySdkAgent)
  /** The name in reports; `openai-agents:<agent name>` by default (the agent the factory builds, for a factory). */
  readonly name?: string
  /**
   * The openai client your models call through, for model names (the agents' and `runConfig.model`):
   * toolcheck makes the SDK's `OpenAIProvider` over it and reads the server from its `baseURL`.
   * Without it, and without `runConfig.modelProvider`, the SDK's default client (`setDefaultOpenAIClient`)
   * or one made from `OPENAI_API_KEY` and `OPENAI_BASE_URL` in `env`.
   */
  readonly client?: OpenAI
  /** Which API model names are called with: `responses` or `chat-completions`; the SDK's default (`setOpenAIAPI`) when absent. */
  readonly api?: 'responses' | 'chat-completions'
  /**
   * The SDK's run configuration: `modelProvider` (a provider of your own, whose server toolcheck
   * cannot read: give `endpoint` then), `model`, `modelSettings`, guardrails, ... Tracing is off
   * unless you turn it on, so a test run exports nothing.
   */
  readonly runConfig?: Partial<RunConfig>
  /** The SDK's limit of model turns per `run` (its own default when absent). */
  readonly maxTurns?: number
}

/**
 * A turn-level agent that is your OpenAI Agents SDK `Agent`, run with the SDK's own `run` loop
 * for each user turn: the conversation so far is the input, the world's tools are function tools
 * that execute through toolcheck's run (recorded with their snapshots), handoffs and guardrails
 * work as in production, and the final output is the agent's answer. The run's abort signal is
 * passed to the SDK, so the message budget and cancellation stop its loop.
 *
 * Every model call, whatever the model's form (a name resolved by the provider, the default
 * model, a `Model` object on an agent or in `runConfig.model`), goes through toolcheck's limits
 * and cassettes (see `guardedAgentsModel`), keyed by the server it calls. Every call the agent
 * makes is recorded: the world's tools, its own function tools and hosted tools (outside the
 * world), handoffs (naming both agents), names no tool answers to, and the instructions each model
 * call carried.
 *
 * When the agent's own loop fails (its `maxTurns` ran out, its model called a tool that does not
 * exist, a guardrail tripped) the turn ends without an answer and the run is scored as the agent
 * played it; a model call that fails for good ends the run with status `error` and its kind.
 *
 * The `@openai/agents` package (an optional peer) must be installed: without it this throws
 * `MissingPeerError`, with the command that installs it, before anything runs.
 *
 * @example
 * const agent = openaiAgentsAgent({
 *   agent: new Agent({ name: 'phone', instructions: 'Help with the phone.', model: 'gpt-4o-mini' }),
 * })
 */
export function openaiAgentsAgent(options: OpenAIAgentsAgentOptions): TurnAgent {
  requirePeer('@openai/agents', ENTRY)
  const guard = modelGuard(options)
  const env = options.env ?? process.env
  const { modelProvider, model: runModel, ...config } = options.runConfig ?? {}
  return {
    name: options.name ?? `openai-agents:${agentName(options.agent)}`,
    async runTurn(turn, context) {
      const sdk = await loadAgents()
      const tools = await openaiAgentsTools(turn)
      const built = typeof options.agent === 'function' ? options.agent({ tools, systemPrompt: turn.systemPrompt }) : withWorld(options.agent, tools, turn.systemPrompt)
      const hooks: CallHooks = { trial: context.trial, seed: context.seed, onUsage: turn.recordUsage, onSystemPrompt: turn.recordSystemPrompt, onFailure: turn.reportFailure }
      const listener = agentsResponseRecorder(turn, new Set(tools.map((tool) => tool.name)))
      const guarded = (model: Model, identity: ModelIdentity, fallbackName: string) => {
        const read = modelIdentity(model)
        const name = read.model ?? identity.model ?? fallbackName
        return guardedAgentsModel(model, { server: serverOf(read.server ?? identity.server, guard, name, ENTRY), model: name }, guard, hooks, listener)
      }
      const agent = recordedAgentGraph(built, {
        turn,
        worldTools: new Set(tools),
        handoff: (target) => sdk.handoff(target),
        isHandoff: (value): value is Handoff => value instanceof sdk.Handoff,
        guardModel: (model, owner) => guarded(model, {}, `agent:${owner.name}`),
        currentSpan: () => sdk.getCurrentSpan(),
      })
      const provider = providerFor(sdk, options, modelProvider, env)
      const runner = new sdk.Runner({
        tracingDisabled: true,
        ...config,
        modelProvider: {
          async getModel(modelName?: string) {
            const name = modelName === undefined || modelName === '' ? sdk.getDefaultModel() : modelName
            return guarded(await provider.model(modelName), { server: provider.server, model: name }, name)
          },
        },
        ...(runModel === undefined ? {} : { model: typeof runModel === 'string' ? runModel : guarded(runModel, {}, 'run-config-model') }),
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

/** The agent's name for reports: its own, or the name of the agent a factory builds (asked once, with no tools). */
function agentName(agent: OpenAIAgentsAgentOptions['agent']): string {
  if (typeof agent !== 'function') return agent.name
  try {
    return agent({ tools: [], systemPrompt: '' }).name
  } catch {
    return 'agent'
  }
}

/** Where model names are resolved, and the server behind it when it can be read. */
interface ResolvingProvider {
  model(name: string | undefined): Promise<Model>
  readonly server?: string | undefined
}

/**
 * The provider model names go through: your `runConfig.modelProvider` as it is (its server cannot
 * be read), else the SDK's `OpenAIProvider` over `client`, the SDK's default client, or a client
 * made from `OPENAI_API_KEY` and `OPENAI_BASE_URL` (made on first use, so a missing key is an
 * `auth` failure of the run that needs it).
 */
function providerFor(sdk: Sdk, options: OpenAIAgentsAgentOptions, own: ModelProvider | undefined, env: Readonly<Record<string, string | undefined>>): ResolvingProvider {
  if (own !== undefined) return { model: async (name) => await own.getModel(name) }
  const client = options.client ?? sdk.getDefaultOpenAIClient()
  const baseURL = client?.baseURL ?? nonEmpty(env['OPENAI_BASE_URL']) ?? 'https://api.openai.com/v1'
  let provider: InstanceType<Sdk['OpenAIProvider']> | undefined
  const useResponses = options.api === undefined ? {} : { useResponses: options.api === 'responses' }
  return {
    server: serverAddress(baseURL),
    async model(name) {
      provider ??=
        client === undefined
          ? new sdk.OpenAIProvider({ ...useResponses, baseURL, ...apiKeyIn(env) })
          : new sdk.OpenAIProvider({ ...useResponses, openAIClient: client })
      return await provider.getModel(name)
    },
  }
}

/** The agent with the world's tools after its own, and the run's prompt when it has none. */
function withWorld(agent: AnySdkAgent, tools: FunctionTool[], systemPrompt: string): AnySdkAgent {
  const hasInstructions = typeof agent.instructions === 'function' || (typeof agent.instructions === 'string' && agent.instructions.trim() !== '')
  return agent.clone({ tools: [...agent.tools, ...tools], ...(hasInstructions ? {} : { instructions: systemPrompt }) })
}


/** The API key `env` sets, if any (else the SDK reads `OPENAI_API_KEY` from the process itself). */
function apiKeyIn(env: Readonly<Record<string, string | undefined>>): { apiKey?: string } {
  const key = nonEmpty(env['OPENAI_API_KEY'])
  return key === undefined ? {} : { apiKey: key }
}
