import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
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
    const hint = /Cannot use import statement outside a module|Unexpected token 'export'/.test(message) ? await commonJsHint(path) : ''
    throw new Error(`${path}: cannot be imported (${message})${hint}`, { cause: error })
  }
}

/**
 * What to change when a module with `import` statements was read as CommonJS: the nearest
 * package.json says `"type": "commonjs"` (as `npm init` writes it) or nothing (and the module
 * could not be told apart). Empty when that is not the cause.
 */
async function commonJsHint(path: string): Promise<string> {
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json')
    const text = await readFile(manifest, 'utf8').catch(() => undefined)
    if (text !== undefined) {
      const type = (JSON.parse(text) as { type?: unknown }).type
      return type === 'module' ? '' : `; ${manifest} makes it CommonJS${type === undefined ? '' : ` ("type": ${JSON.stringify(type)})`}: set "type": "module" there, since toolcheck loads your modules as ES modules`
    }
    if (dirname(folder) === folder) return ''
  }
}

