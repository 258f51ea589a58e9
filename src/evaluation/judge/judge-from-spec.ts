import { parseRoleSpec } from '../../roles/role-spec.ts'
import { builtInJudge } from './built-in-judge.ts'
import type { JudgeFunction } from './function-judge.ts'
import { functionJudge, withFallback } from './function-judge.ts'
import type { Judge } from './judge.ts'
import { huggingFaceEndpoint } from '../../roles/endpoint/hugging-face-endpoint.ts'
import { modelJudge } from './model-judge.ts'

/** How a judge is named in options: `built-in`, `openai:<model>`, `hf:<model>`, or the user's function. */
export type JudgeSpec = string | JudgeFunction

/**
 * The judge a `judge` option names, asked only where the built-in judge cannot tell:
 * `built-in` (`undefined`: the built-in judge alone), `openai:<model>` (with `OPENAI_API_KEY`,
 * `OPENAI_BASE_URL`), `hf:<model>` (with `HF_TOKEN`, `HF_ENDPOINT_URL`), or a function. Throws
 * `RoleSpecError` for any other string, listing the accepted forms; `where` names the option.
 */
export function judgeFromSpec(spec: JudgeSpec, env: Readonly<Record<string, string | undefined>>, where = 'toolcheck({ judge })'): Judge | undefined {
  if (typeof spec === 'function') return withFallback(builtInJudge(), functionJudge(spec))
  const parsed = parseRoleSpec('judge', spec, where)
  if (parsed.client === 'offline') return undefined
  const model = parsed.client === 'openai' ? modelJudge({ model: parsed.model, env, temperature: 0 }) : modelJudge({ model: parsed.model, env, temperature: 0, endpoint: huggingFaceEndpoint({ env }) })
  return withFallback(builtInJudge(), model)
}
