import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** zod's module, as `import * as zod from 'zod'` gives it. */
export type ZodModule = typeof import('zod')

let loaded: ZodModule | undefined

/**
 * zod, loaded the first time something needs it rather than when the module that uses it loads.
 * Importing zod takes longer than scoring a whole ToolTalk folder, so schemas that a path may never
 * need can be made on demand: the JSON schemas models are shown (`toolJsonSchema`), and the
 * argument schemas of ToolTalk's tools, which `toolcheck tooltalk` never reads.
 *
 * A synchronous getter cannot await an import, so zod's ES module entry is loaded with `require`,
 * which runs ES modules on every Node this package supports (22.12 and newer). It is the entry
 * `import 'zod'` resolves to, so this is the module instance the rest of the process imports, not
 * zod's CommonJS copy: schemas made here and in a user's code share zod's classes.
 */
export function loadZod(): ZodModule {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url)
    loaded = require(zodEntry(require)) as ZodModule
  }
  return loaded
}

/** The file `import 'zod'` loads. */
function zodEntry(require: NodeJS.Require): string {
  try {
    return fileURLToPath(import.meta.resolve('zod'))
  } catch {
    // vite's module runner, which runs vitest's reporters and configuration, has no
    // import.meta.resolve: take the entry zod's exports map gives `import`.
    const manifest = require.resolve('zod/package.json')
    const entry = (require(manifest) as { exports?: Record<string, Record<string, string> | undefined> }).exports?.['.']
    const target = entry?.import ?? entry?.default
    if (target === undefined) throw new Error(`zod's package.json (${manifest}) names no entry for import`)
    return join(dirname(manifest), target)
  }
}
