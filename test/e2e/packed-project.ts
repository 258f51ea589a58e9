import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { inject } from 'vitest'

/** This repository's root folder. */
export const repository = fileURLToPath(new URL('../../', import.meta.url))

/**
 * A project that depends on toolcheck as an installed package: `node_modules/vitest-toolcheck`
 * holds exactly the files `npm pack` would publish, and the other dependencies are linked from
 * this repository's node_modules. Node does not strip types under node_modules, so this proves
 * that the built JavaScript, the export map and the published file list work for users. `files`
 * are copied in (from a path of this repository to a path of the project).
 */
export async function packedProject(files: readonly { readonly from: string; readonly to: string }[]): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), 'toolcheck-user-'))
  const installed = join(project, 'node_modules', 'vitest-toolcheck')
  const staged = inject('publishedPackage')
  if (staged !== undefined) await cp(staged.folder, installed, { recursive: true })
  else {
    for (const file of await listPublishedFiles()) {
      await mkdir(dirname(join(installed, file)), { recursive: true })
      await cp(join(repository, file), join(installed, file))
    }
  }
  for (const entry of await readdir(join(repository, 'node_modules'))) {
    if (entry === 'vitest-toolcheck') continue
    await symlink(join(repository, 'node_modules', entry), join(project, 'node_modules', entry))
  }
  for (const file of files) {
    await mkdir(dirname(join(project, file.to)), { recursive: true })
    await cp(join(repository, file.from), join(project, file.to), { recursive: true })
  }
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'my-agent-tests', type: 'module', private: true }))
  return project
}

/**
 * The files `npm pack` puts in the package, relative to its root (the built `dist/` must exist):
 * as listed once for the whole test run (`published-package-setup.ts`), or asked of npm now.
 */
export async function publishedFiles(): Promise<readonly string[]> {
  return inject('publishedPackage')?.files ?? (await listPublishedFiles())
}

/** Asks npm which files it would pack. */
export async function listPublishedFiles(): Promise<string[]> {
  if (!existsSync(join(repository, 'dist/src/index.js'))) throw new Error('dist/ is missing: npm test builds it first (npm run build)')
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repository })
  return (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path)
}
