import type { AnyAgent } from '../../src/roles/turn-agent.ts'
import { roleExport } from './role-export.ts'

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
  try {
    return (await roleExport(path, {
      name: 'agent',
      accepts: isAgent,
      whatToExport: WHAT_TO_EXPORT,
      wrapFunction: "wrap it: export default functionAgent(yourFunction), or turnAgent('name', yourTurn)",
    })) as AnyAgent
  } catch (error) {
    throw new EvalAgentError((error as Error).message)
  }
}

/** An `Agent` or a `TurnAgent`: a name, and `respond` or `runTurn`. */
function isAgent(value: unknown): boolean {
  const agent = value as Partial<Record<'name' | 'respond' | 'runTurn', unknown>> | null
  return typeof agent === 'object' && agent !== null && typeof agent.name === 'string' && (typeof agent.respond === 'function' || typeof agent.runTurn === 'function')
}
