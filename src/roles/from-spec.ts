import { huggingFaceAgent } from './hugging-face-agent.ts'
import { llmUser } from './llm-user.ts'
import { huggingFaceEndpoint } from './endpoint/hugging-face-endpoint.ts'
import { openaiAgent } from './openai-agent.ts'
import { referenceAgent } from './reference-agent.ts'
import { scriptedUser } from './scripted-user.ts'
import type { SpecEnv } from './role-spec.ts'
import { parseRoleSpec } from './role-spec.ts'
import type { Agent, User } from './types.ts'

export type { SpecEnv } from './role-spec.ts'
export { RoleSpecError } from './role-spec.ts'

/**
 * The agent a spec names (as `TOOLCHECK_AGENT` gives it):
 * - `reference`: plays each scenario's reference solution (offline);
 * - `openai:<model>`: `openaiAgent` with `OPENAI_API_KEY` and `OPENAI_BASE_URL` (any
 *   OpenAI-compatible server);
 * - `hf:<model>`: `huggingFaceAgent` with `HF_TOKEN` and `HF_ENDPOINT_URL`.
 * Model-backed agents cache as `TOOLCHECK_CACHE` and `TOOLCHECK_CACHE_DIR` say.
 */
export function agentFromSpec(spec: string, env: SpecEnv = process.env): Agent {
  const parsed = parseRoleSpec('agent', spec, 'TOOLCHECK_AGENT')
  if (parsed.client === 'offline') return referenceAgent()
  return parsed.client === 'openai' ? openaiAgent({ model: parsed.model, env }) : huggingFaceAgent({ model: parsed.model, env })
}

/**
 * The simulated user a spec names (as `TOOLCHECK_USER` gives it):
 * - `scripted`: replies from each scenario's reference solution, keeping each reply's facts until
 *   the agent asks for them (offline; see `scriptedUser`);
 * - `openai:<model>` or `hf:<model>`: `llmUser` over that client, configured like the agents.
 */
export function userFromSpec(spec: string, env: SpecEnv = process.env): User {
  const parsed = parseRoleSpec('user', spec, 'TOOLCHECK_USER')
  // The script depends on the scenario, which a user learns only when asked to respond.
  if (parsed.client === 'offline') return { name: 'scripted', respond: (view, context) => scriptedUser(context.scenario).respond(view, context) }
  return parsed.client === 'openai'
    ? llmUser({ model: parsed.model, env })
    : llmUser({ model: parsed.model, env, endpoint: huggingFaceEndpoint({ env }) })
}
