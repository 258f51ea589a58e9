import { randomUUID } from 'node:crypto'
import { readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { staleTemporaryFiles } from '../../cache/stale-temporary-files.ts'

/** The temporary directories the plugin and `toolcheck eval` make are named `toolcheck-breakers-<pid>-<uuid>`. */
const BREAKER_DIRECTORY_PREFIX = 'toolcheck-breakers-'
const BREAKER_DIRECTORY = /^toolcheck-breakers-(\d+)-[0-9a-f-]{36}$/

/**
 * A new folder name (not yet made) for this process's circuit breakers, in the system's
 * temporary folder. It carries the process id, so that once the process is gone (killed, where
 * nothing of its own could remove it) the next one removes it (`removeStaleBreakerDirectories`).
 */
export function newBreakerDirectory(): string {
  return join(tmpdir(), `${BREAKER_DIRECTORY_PREFIX}${process.pid}-${randomUUID()}`)
}

/** Removes the breaker directories of processes that no longer run (best effort). */
export function removeStaleBreakerDirectories(parent: string = tmpdir()): void {
  let names: string[]
  try {
    names = readdirSync(parent)
  } catch {
    return
  }
  for (const name of staleTemporaryFiles(names, BREAKER_DIRECTORY)) rmSync(join(parent, name), { recursive: true, force: true })
}
