import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/** The repository root, where the scripts run. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url))

// Registered before the script runs, it notes the package of every module loaded from node_modules
// and prints the list as the last line of stderr when the process exits.
const HOOK = `
import { registerHooks } from 'node:module'
const packages = new Set()
registerHooks({
  load(url, context, next) {
    const match = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)
    if (match) packages.add(match[1])
    return next(url, context)
  },
})
process.on('exit', () => process.stderr.write('\\nloaded packages: ' + JSON.stringify([...packages].sort()) + '\\n'))
`

/**
 * Runs an ES module `script` in a fresh Node process (in the repository, so its imports resolve
 * as the sources' do) and returns the npm packages it loaded, sorted.
 */
export async function packagesLoadedBy(script: string): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-loaded-'))
  try {
    const hook = join(folder, 'hook.mjs')
    await writeFile(hook, HOOK)
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', hook, '--input-type=module', '--eval', script], { cwd: REPOSITORY })
    const line = stderr.split('\n').findLast((text) => text.startsWith('loaded packages: '))
    if (line === undefined) throw new Error(`the script did not finish:\n${stderr}`)
    return JSON.parse(line.slice('loaded packages: '.length)) as string[]
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
