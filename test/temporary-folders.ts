import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** The folders of one test file (see `temporaryFolders`). */
export interface TemporaryFolders {
  /** A new empty folder under the OS temporary folder, its name starting with the prefix. */
  readonly make: () => Promise<string>
  /** Paths made some other way, removed with the rest. */
  readonly removeLater: (...paths: string[]) => void
}

/**
 * Folders a test file makes, removed once its tests are done. Called once, at the top of the
 * file: it registers the removal with the file's `afterAll`.
 */
export function temporaryFolders(prefix: string): TemporaryFolders {
  const paths: string[] = []
  afterAll(() => Promise.all(paths.map((path) => rm(path, { recursive: true, force: true }))))
  return {
    make: async () => {
      const directory = await mkdtemp(join(tmpdir(), prefix))
      paths.push(directory)
      return directory
    },
    removeLater: (...more) => {
      paths.push(...more)
    },
  }
}
