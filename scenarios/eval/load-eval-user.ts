import type { User } from '../../src/roles/types.ts'
import { roleExport } from './role-export.ts'

/** The user module of `toolcheck eval --user` could not give a simulated user; the message says why and what to export. */
export class EvalUserError extends Error {
  constructor(message: string) {
    super(`toolcheck eval: --user ${message}`)
    this.name = 'EvalUserError'
  }
}

/**
 * The simulated user of `toolcheck eval --user <module>`, taken as `--agent` takes an agent: the
 * module's default export when it is a user, else its export named `user` (a CommonJS module's
 * `module.exports` or `exports.user`), which must be a `User`: a name and `respond(view, context)`
 * (`llmUser(...)`, `scriptedUser(...)`, or your own). Imported in each worker thread, so it may
 * be TypeScript. Throws `EvalUserError` naming the module and what to export instead.
 */
export async function loadEvalUser(path: string): Promise<User> {
  try {
    return (await roleExport(path, {
      name: 'user',
      accepts: isUser,
      whatToExport: 'export the simulated user as the default export or as `user`: a User (llmUser(...), or an object with a name and respond(view, context))',
      wrapFunction: "wrap it: export default { name: 'my-user', respond: yourFunction }",
    })) as User
  } catch (error) {
    throw new EvalUserError((error as Error).message)
  }
}

/** A `User`: a name and `respond`. */
function isUser(value: unknown): boolean {
  const user = value as Partial<Record<'name' | 'respond', unknown>> | null
  return typeof user === 'object' && user !== null && typeof user.name === 'string' && typeof user.respond === 'function'
}
