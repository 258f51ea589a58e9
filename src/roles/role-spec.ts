import { closestNames } from '../tools/closest-names.ts'
import { nonEmpty } from './endpoint/non-empty.ts'

/** What a spec names: the agent under test, the simulated user, or the embedder of semantic similarity. */
export type RoleSpecKind = 'agent' | 'user' | 'embedder' | 'judge'

/** A spec read: the offline implementation of its kind, or a model behind one of the two clients. */
export type ParsedRoleSpec = { readonly client: 'offline' } | { readonly client: 'openai' | 'hf'; readonly model: string }

/** The environment variables specs read. */
export type SpecEnv = Readonly<Record<string, string | undefined>>

/** The offline spec of each kind; an empty spec means it too. */
export const OFFLINE_SPECS: Readonly<Record<RoleSpecKind, string>> = { agent: 'reference', user: 'scripted', embedder: 'offline', judge: 'built-in' }

/** A spec that is not one of the accepted forms, or that cannot run here (a hosted model without its key). */
export class RoleSpecError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RoleSpecError'
  }
}

const CLIENTS = ['openai', 'hf'] as const

/**
 * Reads a spec of the given kind: `reference` / `scripted` / `offline` (or empty) for the offline
 * implementation, `openai:<model>` or `hf:<model>` for a model. `source` says where the spec came
 * from (`TOOLCHECK_AGENT`, `--agent`, `toolcheck({ agent })`) for the message. Throws
 * `RoleSpecError` naming the spec and the accepted forms, with a guess when it looks misspelt.
 */
export function parseRoleSpec(kind: RoleSpecKind, spec: string, source: string): ParsedRoleSpec {
  const trimmed = spec.trim()
  const offline = OFFLINE_SPECS[kind]
  if (trimmed === '' || trimmed === offline) return { client: 'offline' }
  const colon = trimmed.indexOf(':')
  const client = colon < 0 ? trimmed : trimmed.slice(0, colon)
  const model = colon < 0 ? '' : trimmed.slice(colon + 1).trim()
  if ((CLIENTS as readonly string[]).includes(client) && model !== '') return { client: client as (typeof CLIENTS)[number], model }
  const forms = `${offline}, openai:<model> or hf:<model>`
  const guess = guessSpec(client, model, offline)
  throw new RoleSpecError(`${source} is ${JSON.stringify(spec)}, which is not ${/^[aeio]/.test(kind) ? 'an' : 'a'} ${kind} toolcheck knows; use ${forms}${guess === undefined ? '' : ` (did you mean ${JSON.stringify(guess)}?)`}`)
}

/**
 * Why a model spec cannot run here before any call is made: a hosted endpoint whose key is not
 * set. `undefined` when nothing is missing (offline specs, local servers, keys present).
 */
export function missingCredential(parsed: ParsedRoleSpec, spec: string, source: string, env: SpecEnv): string | undefined {
  if (parsed.client === 'openai') {
    const baseURL = nonEmpty(env.OPENAI_BASE_URL)
    if (baseURL !== undefined && hostOf(baseURL) !== 'api.openai.com') return undefined
    if (nonEmpty(env.OPENAI_API_KEY) !== undefined) return undefined
    return `${source} is ${JSON.stringify(spec)}, which calls the OpenAI API at api.openai.com, but OPENAI_API_KEY is not set: set it, or point OPENAI_BASE_URL at a local OpenAI-compatible server`
  }
  if (parsed.client === 'hf') {
    if (nonEmpty(env.HF_ENDPOINT_URL) !== undefined || nonEmpty(env.HF_TOKEN) !== undefined) return undefined
    return `${source} is ${JSON.stringify(spec)}, which calls Hugging Face inference providers, but HF_TOKEN is not set: set it, or point HF_ENDPOINT_URL at your own endpoint or local server`
  }
  return undefined
}

/**
 * Everything that can be known about a spec before a run: its form, then the key a hosted model
 * needs. Returns the one-line problem, or `undefined` when the spec can run.
 */
export function roleSpecProblem(kind: RoleSpecKind, spec: string, source: string, env: SpecEnv): string | undefined {
  try {
    return missingCredential(parseRoleSpec(kind, spec, source), spec, source, env)
  } catch (error) {
    if (error instanceof RoleSpecError) return error.message
    throw error
  }
}

/** A likely meant spec: the offline name misspelt, a misspelt client, or a bare model name for openai. */
function guessSpec(client: string, model: string, offline: string): string | undefined {
  if (model === '') {
    if (closestNames(client, [offline]).length > 0) return offline
    const [known] = closestNames(client, CLIENTS)
    return known === undefined && client !== '' ? `openai:${client}` : undefined
  }
  const [known] = closestNames(client, CLIENTS)
  return known === undefined ? undefined : `${known}:${model}`
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname
  } catch {
    return undefined
  }
}
