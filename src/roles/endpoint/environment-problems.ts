import { statSync } from 'node:fs'
import { parseCacheMode } from '../../cache/index.ts'
import { BREAKER_DIRECTORY_VARIABLE } from './endpoint-breaker.ts'
import { LIMIT_VARIABLES, limitsFromEnv } from './limits-from-env.ts'
import { nonEmpty } from './non-empty.ts'
import { PRICES_VARIABLE, pricesWithEnv } from './prices-from-env.ts'
import { safeText } from '../../conversation/safe-text.ts'

/**
 * What is wrong with the settings toolcheck reads from the environment, one sentence each naming
 * the variable: the limits (`TOOLCHECK_RETRIES`, `TOOLCHECK_TIMEOUT_MS`, `TOOLCHECK_BREAKER_*`,
 * `TOOLCHECK_MAX_REPLY_*`), the price file (`TOOLCHECK_PRICES`), the cache mode (`TOOLCHECK_CACHE`), the folders (`TOOLCHECK_CACHE_DIR`,
 * `TOOLCHECK_BREAKER_DIR`: something that is not a folder is in the way) and the servers'
 * addresses (`OPENAI_BASE_URL`, `HF_ENDPOINT_URL`: a URL, without a user name or password, which
 * fetch refuses to send). `toolcheck eval` and the plugin check them
 * before any test runs, so that a bad value stops the run once instead of failing every test.
 * Empty when all is well. (The agent and user specs are checked by `roleSpecProblem`.)
 */
export function environmentProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = []
  for (const variable of Object.keys(LIMIT_VARIABLES)) {
    try {
      limitsFromEnv({ [variable]: env[variable] })
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  try {
    // The price file is read when a model role is made, which for toolcheck eval is after its
    // workers started: a file that is missing, unreadable or not a price table is named here first.
    pricesWithEnv(undefined, { [PRICES_VARIABLE]: env[PRICES_VARIABLE] })
  } catch (error) {
    problems.push(safeText((error as Error).message))
  }
  try {
    parseCacheMode(env['TOOLCHECK_CACHE'])
  } catch (error) {
    problems.push((error as Error).message)
  }
  for (const variable of ['TOOLCHECK_CACHE_DIR', BREAKER_DIRECTORY_VARIABLE]) {
    const folder = nonEmpty(env[variable])
    const problem = folder === undefined ? undefined : folderProblem(folder)
    if (problem !== undefined) problems.push(`${variable} is ${JSON.stringify(folder)}, which ${problem}`)
  }
  for (const [variable, keyVariable] of [['OPENAI_BASE_URL', 'OPENAI_API_KEY'], ['HF_ENDPOINT_URL', 'HF_TOKEN']] as const) {
    const address = nonEmpty(env[variable])?.trim()
    if (address === undefined) continue
    // Not quoted: what is not a URL may still hold a key.
    if (!URL.canParse(address) || !/^https?:$/.test(new URL(address).protocol)) problems.push(`${variable} is set, but not to an http or https URL (such as http://127.0.0.1:8000/v1)`)
    else if (hasCredentials(address))
      problems.push(`${variable} is ${safeText(address)}: it carries a user name or password, which fetch refuses to send (every call would fail); give the key in ${keyVariable} instead`)
  }
  return problems
}

/** Why a folder cannot be used: something else is at its path. Undefined when it is a folder, or not there yet (it is made on first use). */
function folderProblem(folder: string): string | undefined {
  try {
    return statSync(folder).isDirectory() ? undefined : 'is a file, not a folder; remove it or point the variable elsewhere'
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    if (code === 'ENOTDIR') return 'is inside a file, not a folder; point the variable elsewhere'
    return `cannot be read: ${(error as Error).message}`
  }
}

function hasCredentials(address: string): boolean {
  const url = new URL(address)
  return url.username !== '' || url.password !== ''
}
