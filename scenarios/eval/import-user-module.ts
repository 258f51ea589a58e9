import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { dirname, extname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ViteDevServer } from 'vite'

// One vite server per worker, made on the first module the user hands over, so that the
// built-in corpus never starts one and the user's modules share their imports.
let server: Promise<ViteDevServer> | undefined

/**
 * Imports one of the user's modules for `toolcheck eval` (`--domain`, `--scenarios`, `--agent`),
 * in the worker that plays its runs: vite transforms it (through the vite that vitest brings), so
 * it may be TypeScript, and it is read as an ES module whatever the project's `type`; CommonJS
 * modules (`.cjs`, or a `.js` that uses `require` or `module.exports`) are loaded by Node. The
 * modules share one module graph, so a scenario module and a domain module that import the same
 * file get the same values; packages, toolcheck among them, are loaded by Node as the rest of the
 * command loads them. Returns its exports, or throws an `Error` whose message starts with the
 * path and says why.
 */
export async function importUserModule(path: string): Promise<Record<string, unknown>> {
  try {
    // CommonJS needs no transform and vite would read it as an ES module: Node loads it, and its
    // require() finds packages from where it is, as it would in the user's project.
    if (extname(path) === '.cjs') return (await import(pathToFileURL(path).href)) as Record<string, unknown>
    const vite = await (server ??= startServer())
    try {
      return (await vite.ssrLoadModule(path)) as Record<string, unknown>
    } catch (error) {
      // A .js module of a CommonJS project (require, module.exports) is Node's to load as well.
      if (error instanceof ReferenceError && /^(require|module|exports) is not defined/.test(error.message)) return (await import(pathToFileURL(path).href)) as Record<string, unknown>
      throw error
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const hint = /Cannot use import statement outside a module|Unexpected token 'export'/.test(message) ? await commonJsHint(path) : ''
    throw new Error(`${path}: cannot be imported (${message})${hint}`, { cause: error })
  }
}

// Fresh imports one at a time: each clears the runner's instances, which must not happen while
// another fresh import is halfway through its graph.
let freshQueue: Promise<unknown> = Promise.resolve()

/**
 * Imports `paths` again as new instances, with every module of the user's they import (packages
 * stay as they are: Node loads them once), so state a module keeps in its variables starts over.
 * vite keeps each module's transformed code, so only evaluating it again costs anything. One
 * import at a time; each returns the exports of every path. Modules Node loads itself (CommonJS)
 * are not made again: `undefined` for them.
 */
export function importFreshUserModules(paths: readonly string[]): Promise<(Record<string, unknown> | undefined)[]> {
  const fresh = freshQueue.then(async () => {
    const vite = await (server ??= startServer())
    const environment = vite.environments.ssr as unknown as { runner?: { evaluatedModules: { clear(): void }; import(url: string): Promise<unknown> } }
    const runner = environment.runner
    if (runner === undefined) return paths.map(() => undefined)
    runner.evaluatedModules.clear()
    const modules: (Record<string, unknown> | undefined)[] = []
    for (const path of paths) modules.push(extname(path) === '.cjs' ? undefined : ((await runner.import(path)) as Record<string, unknown>))
    return modules
  })
  freshQueue = fresh.catch(() => undefined)
  return fresh
}

/**
 * A hash of the source of every module of the user's loaded so far (through vite, outside
 * `node_modules`), by path: what changes when the user edits a tool. `undefined` when none was
 * loaded (the built-in corpus).
 */
export async function userCodeFingerprint(): Promise<string | undefined> {
  if (server === undefined) return undefined
  const vite = await server
  const files = [...vite.environments.ssr.moduleGraph.idToModuleMap.values()]
    .map((module) => module.file)
    .filter((file): file is string => typeof file === 'string' && !file.includes('/node_modules/'))
    .sort()
  const hash = createHash('sha256')
  for (const file of new Set(files)) hash.update(`${file}\u0000`).update(await readFile(file).catch(() => Buffer.alloc(0)))
  return hash.digest('hex').slice(0, 16)
}

/** Stops the vite server the user's modules were loaded through, if one was started. */
export async function closeUserModules(): Promise<void> {
  const started = server
  server = undefined
  await (await started?.catch(() => undefined))?.close()
}

async function startServer(): Promise<ViteDevServer> {
  // Vite hands Node the user's modules transformed (types stripped, imports rewritten), each
  // with its source map inlined; with source maps on, Node maps the stacks of errors thrown in
  // them back to the user's lines, as vitest does under the plugin. Without, a tool's stack named
  // a line of the transformed code. Only workers that load the user's modules pay for it.
  process.setSourceMapsEnabled(true)
  const { createViteServer } = await import('vitest/node')
  return createViteServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    // toolcheck itself stays outside vite's graph, also where a project reaches it through a
    // link or by its own name: Node loads it, as it loads the command.
    ssr: { external: ['vitest-toolcheck'] },
  })
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
