import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import type { BreakerState, BreakerStore } from './breaker-store.ts'
import { memoryBreakerStore } from './breaker-store.ts'
import { staleTemporaryFiles } from '../../cache/stale-temporary-files.ts'

let writes = 0

/** A state file's temporary file: `<hash>.json.<pid>-<thread>-<n>.tmp`. */
const TEMPORARY_FILE = /^[0-9a-f]+\.json\.(\d+)-\d+-\d+\.tmp$/

/**
 * A store in a directory, one small JSON file per endpoint, so that every vitest worker (and
 * every test file, which vitest isolates in its own module graph) that is given the same
 * directory shares one breaker per endpoint. The plugin hands its workers a fresh directory in
 * `TOOLCHECK_BREAKER_DIR`.
 *
 * Reads and writes are synchronous and small, so a state is never seen half-written (each write
 * goes to a temporary file renamed over the old one). Two workers counting a failure at the same
 * instant may lose one count; the breaker then opens a call later, which does no harm. The
 * directory is made on the first write, which also removes temporary files that writers killed
 * mid-write left behind; when it cannot be written, the store keeps its states
 * in memory instead (a breaker for this worker alone), since a model call must not fail for it.
 */
export function fileBreakerStore(directory: string): BreakerStore {
  const fileOf = (address: string) => join(directory, `${createHash('sha256').update(address).digest('hex').slice(0, 32)}.json`)
  // Set once a write failed: from then on this module instance keeps its states itself.
  let fallback: BreakerStore | undefined
  let swept = false
  return {
    read(address) {
      if (fallback !== undefined) return fallback.read(address)
      let text: string
      try {
        text = readFileSync(fileOf(address), 'utf8')
      } catch {
        // No file yet: nothing has failed at this endpoint.
        return undefined
      }
      try {
        // The address is kept in the file too, so that a hash collision can never mix two endpoints.
        const { address: stored, ...state } = JSON.parse(text) as BreakerState & { address?: string }
        return stored === address ? state : undefined
      } catch {
        return undefined
      }
    },
    write(address, state) {
      if (fallback !== undefined) return fallback.write(address, state)
      const file = fileOf(address)
      // Workers may be threads of one process: the thread id keeps their temporary files apart.
      const temporary = `${file}.${process.pid}-${threadId}-${++writes}.tmp`
      try {
        mkdirSync(directory, { recursive: true })
        if (!swept) {
          swept = true
          for (const name of staleTemporaryFiles(readdirSync(directory), TEMPORARY_FILE)) rmSync(join(directory, name), { force: true })
        }
        writeFileSync(temporary, JSON.stringify({ address, ...state }))
        renameSync(temporary, file)
      } catch {
        fallback = memoryBreakerStore()
        fallback.write(address, state)
      }
    },
  }
}
