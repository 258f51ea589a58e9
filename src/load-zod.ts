import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** zod's module, as `import * as zod from 'zod'` gives it. */
export type ZodModule = typeof import('zod')

let loaded: ZodModule | undefined

/**
 * zod, loaded the first time something needs it rather than when the modules that use it load.
 * Importing zod takes longer than scoring a whole ToolTalk folder, so the modules on
 * `toolcheck tooltalk`'s path build their schemas (tool arguments, JSON schemas for models) only
 * when a caller asks for them, and the command itself never does.
 *
 * A synchronous getter (`tool.args`) cannot await an import, so zod's ES module entry is loaded
 * with `require`, which runs ES modules on every Node this package supports (22.12 and newer).
 * It is resolved as `import` resolves it, so this is the module instance that `import 'zod'`
 * gives everywhere else in the process, not zod's CommonJS copy: schemas made here and in a
 * user's code share zod's classes and its registry of descriptions.
 */
export function loadZod(): ZodModule {
  loaded ??= createRequire(import.meta.url)(fileURLToPath(import.meta.resolve('zod'))) as ZodModule
  return loaded
}
