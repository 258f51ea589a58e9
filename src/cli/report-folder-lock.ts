import { mkdir, open, readFile, rm, rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { processRuns } from '../cache/stale-temporary-files.ts'

/** The file that marks a report folder as being written by an evaluation: its process id, and when it began. */
export const REPORT_LOCK_FILE = 'eval.lock'

/** What holds a report folder: the lock to let go of, or the other process that holds it. */
export type ReportFolderLock = { readonly held: true; release(): Promise<void> } | { readonly held: false; readonly pid: number; readonly since: string }

/**
 * Takes the report folder `directory` for one evaluation, so no second one writes beside it:
 * two would share `runs.partial.jsonl`, and the one that ends first would remove the other's
 * runs. The lock is a file made only if absent, holding the process id; a lock whose process no
 * longer runs (a killed evaluation) is taken over. `held: false` names the process that holds it.
 * `since` is the time the holder wrote (for the message only; nothing is played yet).
 */
export async function lockReportFolder(directory: string): Promise<ReportFolderLock> {
  // A folder made for the lock alone is removed with it when nothing was written there.
  const made = (await mkdir(directory, { recursive: true })) !== undefined
  const path = join(directory, REPORT_LOCK_FILE)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const file = await open(path, 'wx')
      await file.writeFile(JSON.stringify({ pid: process.pid, since: new Date().toISOString() }))
      await file.close()
      let released = false
      return {
        held: true,
        async release() {
          if (released) return
          released = true
          await rm(path, { force: true })
          if (made) await rmdir(directory).catch(() => undefined)
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = await readHolder(path)
    // A lock being written this instant reads as empty: it is held.
    if (holder === 'unreadable') return { held: false, pid: 0, since: 'now' }
    if (holder !== 'gone' && processRuns(holder.pid)) return { held: false, pid: holder.pid, since: holder.since }
    // Its process is gone (or it names none): the lock is stale, and taken over.
    await rm(path, { force: true })
  }
  return { held: false, pid: 0, since: 'now' }
}

/** The process a lock names; `gone` when the lock is gone or names no process, `unreadable` while it is being written. */
async function readHolder(path: string): Promise<{ pid: number; since: string } | 'gone' | 'unreadable'> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone'
    throw error
  }
  let parsed: { pid?: unknown; since?: unknown }
  try {
    parsed = JSON.parse(text) as { pid?: unknown; since?: unknown }
  } catch {
    return 'unreadable'
  }
  const pid = Number(parsed?.pid)
  if (!Number.isInteger(pid) || pid <= 0) return 'gone'
  return { pid, since: typeof parsed.since === 'string' ? parsed.since : 'an unknown time' }
}
