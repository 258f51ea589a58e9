import { huggingFaceAgent } from './hugging-face-agent.ts'
import { llmUser } from './llm-user.ts'
import { huggingFaceEndpoint } from './endpoint/hugging-face-endpoint.ts'
import { openaiAgent } from './openai-agent.ts'
import { referenceAgent } from './reference-agent.ts'
import { referenceUser } from './reference-user.ts'
import type { Agent, User } from './types.ts'

/** The environment variables the specs read. */
export type SpecEnv = Readonly<Record<string, string | undefined>>

/** An agent or user spec that is not one of the accepted forms. */
export class RoleSpecError extends Error {
  constructor(variable: string, spec: string, forms: readonly string[]) {
    super(`${variable} is "${spec}", which is not a known ${variable === 'TOOLCHECK_USER' ? 'user' : 'agent'}; use one of: ${forms.join(', ')}`)
    this.name = 'RoleSpecError'
  }
}

const AGENT_FORMS = ['reference', 'openai:<model>', 'hf:<model>'] as const
const USER_FORMS = ['scripted', 'openai:<model>', 'hf:<model>'] as const

/**
 * The agent a spec names (as `TOOLCHECK_AGENT` gives it):
 * - `reference`: plays each scenario's reference solution (offline);
 * - `openai:<model>`: `openaiAgent` with `OPENAI_API_KEY` and `OPENAI_BASE_URL` (any
 *   OpenAI-compatible server);
 * - `hf:<model>`: `huggingFaceAgent` with `HF_TOKEN` and `HF_ENDPOINT_URL`.
 * Model-backed agents cache as `TOOLCHECK_CACHE` and `TOOLCHECK_CACHE_DIR` say.
 */
export function agentFromSpec(spec: string, env: SpecEnv = process.env): Agent {
  const trimmed = spec.trim()
  if (trimmed === 'reference' || trimmed === '') return referenceAgent()
  const [client, model] = splitSpec(trimmed)
  if (client === 'openai' && model !== '') return openaiAgent({ model, env })
  if (client === 'hf' && model !== '') return huggingFaceAgent({ model, env })
  throw new RoleSpecError('TOOLCHECK_AGENT', spec, AGENT_FORMS)
}

/**
 * The simulated user a spec names (as `TOOLCHECK_USER` gives it):
 * - `scripted`: replies from each scenario's reference solution (offline);
 * - `openai:<model>` or `hf:<model>`: `llmUser` over that client, configured like the agents.
 */
export function userFromSpec(spec: string, env: SpecEnv = process.env): User {
  const trimmed = spec.trim()
  if (trimmed === 'scripted' || trimmed === '') {
    // The script depends on the scenario, which a user learns only when asked to respond.
    return { name: 'scripted', respond: (view, context) => referenceUser(context.scenario).respond(view, context) }
  }
  const [client, model] = splitSpec(trimmed)
  if (client === 'openai' && model !== '') return llmUser({ model, env })
  if (client === 'hf' && model !== '') return llmUser({ model, env, endpoint: huggingFaceEndpoint({ env }) })
  throw new RoleSpecError('TOOLCHECK_USER', spec, USER_FORMS)
}

function splitSpec(spec: string): [string, string] {
  const colon = spec.indexOf(':')
  return colon < 0 ? [spec, ''] : [spec.slice(0, colon), spec.slice(colon + 1).trim()]
}
