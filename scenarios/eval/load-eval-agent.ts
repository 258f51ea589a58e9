import type { AnyAgent } from '../../src/roles/turn-agent.ts'
import { importUserModule } from './import-user-module.ts'

/** The agent module of `toolcheck eval --agent` could not give an agent; the message says why and what to export. */
export class EvalAgentError extends Error {
  constructor(message: string) {
    super(`toolcheck eval: --agent ${message}`)
    this.name = 'EvalAgentError'
  }
}

const WHAT_TO_EXPORT =
  'export the agent as the default export or as `agent`: an Agent (functionAgent(...), or an object with a name and respond(view, context)) or a TurnAgent (turnAgent(...), or an object with a name and runTurn(input, context))'

/**
 * The agent of `toolcheck eval --agent <module>`: the module's default export when it is an agent,
 * else its export named `agent` (a CommonJS module's `module.exports` or `exports.agent`), which
 * must be an `Agent` (`respond`) or a `TurnAgent` (`runTurn`) with a name.
 * The module is imported in each worker thread of the evaluation (see `importUserModule`), so it
 * may be TypeScript, in an ES module or a CommonJS project. Throws `EvalAgentError` naming the module and what to
 * export instead.
 */
export async function loadEvalAgent(path: string): Promise<AnyAgent> {
  let exported: Record<string, unknown>
  try {
    exported = await importUserModule(path)
  } catch (error) {
    throw new EvalAgentError((error as Error).message)
  }
  // A CommonJS module's module.exports arrives as the default export, and its exports.agent as agent.
  const commonJs = exported.default as { agent?: unknown } | null | undefined
  const candidates: [string, unknown][] = [
    ['default', exported.default],
    ['agent', exported.agent ?? (typeof commonJs === 'object' && commonJs !== null ? commonJs.agent : undefined)],
  ]
  const found = candidates.find(([, value]) => isAgent(value))
  if (found !== undefined) return found[1] as AnyAgent
  const given = candidates.find(([, value]) => value !== undefined)
  if (given === undefined) {
    const names = Object.keys(exported).filter((key) => key !== 'default')
    throw new EvalAgentError(`${path}: has no default export and no export named agent${names.length > 0 ? ` (it exports ${names.join(', ')})` : ''}; ${WHAT_TO_EXPORT}`)
  }
  const [name, value] = given
  if (typeof value === 'function')
    throw new EvalAgentError(`${path}: its ${name} export is a function, not an agent; wrap it: export default functionAgent(yourFunction), or turnAgent('name', yourTurn)`)
  throw new EvalAgentError(`${path}: its ${name} export is not an agent; ${WHAT_TO_EXPORT}`)
}

/** An `Agent` or a `TurnAgent`: a name, and `respond` or `runTurn`. */
function isAgent(value: unknown): boolean {
  const agent = value as Partial<Record<'name' | 'respond' | 'runTurn', unknown>> | null
  return typeof agent === 'object' && agent !== null && typeof agent.name === 'string' && (typeof agent.respond === 'function' || typeof agent.runTurn === 'function')
}
