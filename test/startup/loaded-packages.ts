import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/** The repository root, where the scripts run. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url))

/**
 * A module to preload with `node --import`: it counts the modules loaded from each package under
 * node_modules and prints the counts as the last line of stderr when the process exits (read them
 * with `modulesLoaded`).
 */
export const COUNT_MODULES_HOOK = `
import { registerHooks } from 'node:module'
const counts = {}
registerHooks({
  load(url, context, next) {
    const match = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)
    if (match) counts[match[1]] = (counts[match[1]] ?? 0) + 1
    return next(url, context)
  },
})
process.on('exit', () => process.stderr.write('\\nmodules loaded: ' + JSON.stringify(counts) + '\\n'))
`

/** The module counts by package that `COUNT_MODULES_HOOK` printed on `stderr`. */
export function modulesLoaded(stderr: string): Record<string, number> {
  const line = stderr.split('\n').findLast((text) => text.startsWith('modules loaded: '))
  if (line === undefined) throw new Error(`the process did not finish:\n${stderr}`)
  return JSON.parse(line.slice('modules loaded: '.length)) as Record<string, number>
}

/**
 * Runs an ES module `script` in a fresh Node process (in the repository, so its imports resolve
 * as the sources' do) and returns the npm packages it loaded, sorted.
 */
export async function packagesLoadedBy(script: string): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-loaded-'))
  try {
    const hook = join(folder, 'hook.mjs')
    await writeFile(hook, COUNT_MODULES_HOOK)
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', hook, '--input-type=module', '--eval', script], { cwd: REPOSITORY })
    return Object.keys(modulesLoaded(stderr)).sort()
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
