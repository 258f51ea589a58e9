import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseRoleSpec } from '../../roles/role-spec.ts'
import { isJudgeModule } from './is-judge-module.ts'
import { JudgeModuleError } from './judge-module-error.ts'
import { builtInJudge } from './built-in-judge.ts'
import type { JudgeFunction } from './function-judge.ts'
import { functionJudge, withFallback } from './function-judge.ts'
import type { Judge } from './judge.ts'
import { huggingFaceEndpoint } from '../../roles/endpoint/hugging-face-endpoint.ts'
import { modelJudge } from './model-judge.ts'

/** How a judge is named in options: `built-in`, `openai:<model>`, `hf:<model>`, a module path, or the user's function. */
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

/**
 * The judge a spec names, as `judgeFromSpec` reads it, and also a module whose default export (or
 * export `judge`) is a judge function, resolved against `root`: asked where the built-in judge
 * cannot tell. Throws `JudgeModuleError` for a module that is missing or exports no function.
 */
export async function loadJudge(spec: JudgeSpec, env: Readonly<Record<string, string | undefined>>, where = 'toolcheck({ judge })', root = process.cwd()): Promise<Judge | undefined> {
  if (typeof spec !== 'string' || !isJudgeModule(spec)) return judgeFromSpec(spec, env, where)
  const path = resolve(root, spec)
  if (!existsSync(path)) throw new JudgeModuleError(`${where}: the judge module ${path} does not exist`)
  const loaded = (await import(pathToFileURL(path).href)) as { default?: unknown; judge?: unknown }
  const given = typeof loaded.default === 'function' ? loaded.default : loaded.judge
  if (typeof given !== 'function') throw new JudgeModuleError(`${where}: the judge module ${path} exports no function (a default export, or an export named judge, taking { question, message } and giving 'yes', 'no' or 'cannot-tell')`)
  return withFallback(builtInJudge(), functionJudge(given as JudgeFunction, spec))
}
