import { pathToFileURL } from 'node:url'

/**
 * Imports one of the user's modules for `toolcheck eval` (`--domain`, `--scenarios`, `--agent`),
 * in the vitest worker: vite transforms it, so it may be TypeScript, and it is read as an ES
 * module whatever the project's `type` (the suite files are inlined for that; see `runEval`).
 * Returns its exports, or throws an `Error` whose message starts with the path and says why.
 */
export async function importUserModule(path: string): Promise<Record<string, unknown>> {
  try {
    return (await import(/* @vite-ignore */ pathToFileURL(path).href)) as Record<string, unknown>
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(`${path}: cannot be imported (${message})`, { cause: error })
  }
}
