import { execFileSync } from 'node:child_process'
import { accessSync, constants, realpathSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { nodeVersionProblem } from '../../src/node-support.ts'

/** A Node binary older than vitest-toolcheck supports. */
export interface OlderNode {
  readonly path: string
  readonly version: string
}

/**
 * The first `node` on the PATH (outside any node_modules) older than `MINIMUM_NODE` (22.12),
 * such as the Node 20 a machine may still have while this repository runs on the Node 24 of its
 * `node` devDependency; `undefined` when the machine has none.
 */
export function findOlderNode(): OlderNode | undefined {
  const seen = new Set([realpathSync(process.execPath)])
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder === '' || folder.includes('node_modules')) continue
    const candidate = join(folder, 'node')
    let real: string
    try {
      accessSync(candidate, constants.X_OK)
      real = realpathSync(candidate)
    } catch {
      continue
    }
    if (seen.has(real)) continue
    seen.add(real)
    const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
    if (nodeVersionProblem(version) !== undefined) return { path: candidate, version }
  }
  return undefined
}
