import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import type { BreakerState, BreakerStore } from './breaker-store.ts'
import { memoryBreakerStore } from './breaker-store.ts'
import { processRuns, staleTemporaryFiles } from '../../cache/stale-temporary-files.ts'
import { safeText } from '../../conversation/safe-text.ts'

let writes = 0

/** A state file's temporary file: `<hash>.json.<pid>-<thread>-<n>.tmp`. */
const TEMPORARY_FILE = /^[0-9a-f]+\.json\.(\d+)-\d+-\d+\.tmp$/

/**
 * How long an update waits for another worker's lock before it goes ahead without it. A lock is
 * held for one read and one write of a small file, but on a loaded machine its holder can be
 * kept off the processor for hundreds of milliseconds (at 250 ms, three counts of 600 were lost
 * in a full test run beside other work). The wait stays below `LOCK_STALE_MS`, so the lock of a
 * live holder that does not let go is left to it; going ahead without it risks at most one lost
 * count, which only opens the breaker a call later.
 */
const LOCK_WAIT_MS = 1_500

/** A lock older than this was left by a holder that stopped mid-update (a worker thread terminated there). */
const LOCK_STALE_MS = 2_000

/** Something to wait on for a millisecond at a time, synchronously (`Atomics.wait`). */
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * A store in a directory, one small JSON file per endpoint, so that every vitest worker (and
 * every test file, which vitest isolates in its own module graph) that is given the same
 * directory shares one breaker per endpoint. The plugin hands its workers a fresh directory in
 * `TOOLCHECK_BREAKER_DIR`.
 *
 * Reads and writes are synchronous and small, so a state is never seen half-written (each write
 * goes to a temporary file renamed over the old one). An update holds a lock file beside the
 * state (`<state>.lock`, holding the holder's process id) from its read to its write, so that two
 * workers counting a failure at the same moment count two: a server's breaker and its model's,
 * which count the same failures, then never drift apart, and a dead server is reported under its
 * own name rather than its model's. A lock whose holder is gone is removed; one that cannot be
 * had within `LOCK_WAIT_MS` is done without.
 *
 * The directory is made on the first update, which also removes temporary files that writers
 * killed mid-write left behind; when it cannot be written, the store keeps its states in memory
 * instead (a breaker for this worker alone), since a model call must not fail for it.
 */
export function fileBreakerStore(directory: string): BreakerStore {
  const fileOf = (address: string) => join(directory, `${createHash('sha256').update(address).digest('hex').slice(0, 32)}.json`)
  // Set once a write failed: from then on this module instance keeps its states itself.
  let fallback: BreakerStore | undefined
  let swept = false
  const read = (address: string): BreakerState | undefined => {
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
      return stored === address ? breakerState(state) : undefined
    } catch {
      return undefined
    }
  }
  return {
    read(address) {
      return fallback === undefined ? read(address) : fallback.read(address)
    },
    forget(match) {
      fallback?.forget(match)
      let names: string[]
      try {
        names = readdirSync(directory)
      } catch {
        // No directory yet: nothing to forget.
        return
      }
      for (const name of names) {
        if (!name.endsWith('.json')) continue
        try {
          const { address } = JSON.parse(readFileSync(join(directory, name), 'utf8')) as { address?: unknown }
          if (typeof address === 'string' && match(address)) rmSync(join(directory, name), { force: true })
        } catch {
          // Gone already, or damaged (read as no state anyway).
        }
      }
    },
    update(address, change) {
      if (fallback !== undefined) return fallback.update(address, change)
      const file = fileOf(address)
      let locked = false
      try {
        mkdirSync(directory, { recursive: true })
        if (!swept) {
          swept = true
          for (const name of staleTemporaryFiles(readdirSync(directory), TEMPORARY_FILE)) rmSync(join(directory, name), { force: true })
        }
        locked = lock(`${file}.lock`)
        const next = change(read(address))
        if (next === undefined) return
        // Workers may be threads of one process: the thread id keeps their temporary files apart.
        const temporary = `${file}.${process.pid}-${threadId}-${++writes}.tmp`
        writeFileSync(temporary, JSON.stringify({ address, ...next }))
        renameSync(temporary, file)
      } catch {
        fallback = memoryBreakerStore()
        fallback.update(address, change)
      } finally {
        if (locked) rmSync(`${file}.lock`, { force: true })
      }
    },
  }
}

/**
 * Takes the lock file `path` (made with O_EXCL, so only one taker succeeds), waiting for its
 * holder a millisecond at a time. Returns whether it was taken: false after `LOCK_WAIT_MS`.
 * Throws when the lock cannot be made at all (the directory cannot be written).
 */
function lock(path: string): boolean {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      const descriptor = openSync(path, 'wx')
      try {
        writeSync(descriptor, String(process.pid))
      } finally {
        closeSync(descriptor)
      }
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (abandoned(path)) {
      rmSync(path, { force: true })
      continue
    }
    if (Date.now() >= deadline) return false
    Atomics.wait(pause, 0, 0, 1)
  }
}

/** Whether a lock file's holder is gone: its process no longer runs, or it has been held far longer than an update takes. */
function abandoned(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, 'utf8'))
    if (Number.isInteger(pid) && pid > 0 && !processRuns(pid)) return true
    return Date.now() - statSync(path).mtimeMs > LOCK_STALE_MS
  } catch {
    // Gone already: the next attempt takes it.
    return false
  }
}

/**
 * A state read from a file, when it is one: a file edited by hand or damaged may hold anything
 * (a count that is text, a cool-down that is no time, a cause with escape sequences), and is
 * read as no state, as a file that is not JSON is. The recorded cause is made safe to print.
 */
function breakerState(value: Record<string, unknown>): BreakerState | undefined {
  const { failures, firstFailure, openUntil, openedAfter } = value
  const count = (field: unknown) => typeof field === 'number' && Number.isSafeInteger(field) && field >= 0
  if (!count(failures)) return undefined
  if (firstFailure !== undefined && typeof firstFailure !== 'string') return undefined
  if (openUntil !== undefined && !(typeof openUntil === 'number' && Number.isFinite(openUntil))) return undefined
  if (openedAfter !== undefined && !count(openedAfter)) return undefined
  return {
    failures: failures as number,
    ...(firstFailure === undefined ? {} : { firstFailure: safeText(firstFailure) }),
    ...(openUntil === undefined ? {} : { openUntil }),
    ...(openedAfter === undefined ? {} : { openedAfter: openedAfter as number }),
  }
}
