import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { listPublishedFiles, repository } from './packed-project.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The package as `npm pack` publishes it, laid out once per test run (see `packedProject`). */
    publishedPackage?: { readonly folder: string; readonly files: readonly string[] }
  }
}

/**
 * vitest global setup for the end-to-end tests: asks npm once per run which files the package
 * publishes (seconds of `npm pack --dry-run` that every e2e file would otherwise pay) and copies
 * them into a folder that `packedProject` copies whole. Without a built `dist/` it provides
 * nothing, and `packedProject` says what is missing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(repository, 'dist/src/index.js'))) return async () => {}
  const files = await listPublishedFiles()
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-published-'))
  for (const file of files) {
    await mkdir(dirname(join(folder, file)), { recursive: true })
    await cp(join(repository, file), join(folder, file))
  }
  project.provide('publishedPackage', { folder, files })
  return () => rm(folder, { recursive: true, force: true })
}
