import type { MockReply, MockServer, MockServerOptions } from '../../src/mock-server/index.ts'
import { startMockServer } from '../../src/mock-server/index.ts'
import type { EndpointLimits } from '../../src/roles/endpoint/endpoint-limits.ts'
import { huggingFaceAgent } from '../../src/roles/hugging-face-agent.ts'
import type { ModelCache } from '../../src/cache/index.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import type { Agent, AgentReply } from '../../src/roles/types.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import { context, firstView } from '../models/helpers.ts'

/** The two clients toolcheck reaches OpenAI-compatible servers with. */
export type Client = 'openai' | 'hf'
export const CLIENTS: readonly Client[] = ['openai', 'hf']

/**
 * Limits for fault tests: short backoff, a generous time limit (the mock server shares the
 * client's event loop, and a loaded machine must not turn a slow answer into a timeout), no
 * breaker unless a test asks for one.
 */
export const FAULT_LIMITS: EndpointLimits = { retries: 2, backoffBaseMs: 5, backoffMaxMs: 20, timeoutMs: 10_000, breakerFailures: 0 }

/** The servers started by `agentAt`, closed by `closeServers` (call it in `afterEach`). */
const servers: MockServer[] = []
export async function closeServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()))
}

/** An agent of `client` at a fresh mock server. */
export async function agentAt(client: Client, server: MockServerOptions, limits: EndpointLimits = FAULT_LIMITS, cache: ModelCache | false = false): Promise<{ agent: Agent; server: MockServer }> {
  const started = await startMockServer(server)
  servers.push(started)
  const agent =
    client === 'openai'
      ? openaiAgent({ model: 'mock-model', baseURL: started.baseURL, apiKey: 'sk-test-fault-key', cache, limits, env: {} })
      : huggingFaceAgent({ model: 'mock/model', endpointUrl: started.url, cache, limits, env: {} })
  return { agent, server: started }
}

/** An agent at a server that answers every request with `reply`. */
export function agentAnswering(client: Client, reply: MockReply, limits?: EndpointLimits): Promise<{ agent: Agent; server: MockServer }> {
  return agentAt(client, { respond: () => reply }, limits)
}

/** What one turn of the agent came to: its reply, or the infrastructure error it ended with. */
export async function turnOf(agent: Agent): Promise<{ reply: AgentReply } | { error: InfrastructureError }> {
  try {
    return { reply: await agent.respond(firstView, context()) }
  } catch (error) {
    if (error instanceof InfrastructureError) return { error }
    throw error
  }
}

/** The infrastructure error a turn ended with; throws when the turn succeeded. */
export async function errorOf(agent: Agent): Promise<InfrastructureError> {
  const outcome = await turnOf(agent)
  if ('reply' in outcome) throw new Error(`the turn succeeded: ${JSON.stringify(outcome.reply)}`)
  return outcome.error
}
