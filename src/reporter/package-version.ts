import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const fs = process.getBuiltinModule('node:fs')
let known: string | undefined

/**
 * The version of vitest-toolcheck itself, from its own package.json: the first one named
 * `vitest-toolcheck` above this module (the repository's, or the installed package's, whose
 * modules sit under `dist/`). Found by walking up rather than by `import.meta.resolve`, which
 * vite's module runner, where vitest loads reporters, does not always provide.
 */
export function packageVersion(): string {
  if (known !== undefined) return known
  let directory = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const file = join(directory, 'package.json')
    if (fs.existsSync(file)) {
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (manifest.name === 'vitest-toolcheck' && typeof manifest.version === 'string') return (known = manifest.version)
    }
    const parent = dirname(directory)
    if (parent === directory) throw new Error(`no package.json of vitest-toolcheck above ${fileURLToPath(import.meta.url)}`)
    directory = parent
  }
}
