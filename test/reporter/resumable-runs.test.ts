import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import { readResumableRuns, startResumedRunsFile } from '../../src/reporter/resumable-runs.ts'
import { LineReader, PARTIAL_RUNS_FILE, readRunsFile, RUNS_FILE } from '../../src/reporter/runs-file.ts'
import { writeReport } from '../../src/reporter/write-report.ts'
import type { RunRecord } from '../../src/runner/run-record-schema.ts'
import { temporaryFolders } from '../temporary-folders.ts'
import { runRecord } from './sample-records.ts'

const { make: folder } = temporaryFolders('toolcheck-resumable-runs-')

/** A report of one test that recorded `runs`, written into `directory` (report.json and runs.jsonl). */
async function reportIn(directory: string, runs: readonly RunRecord[]): Promise<void> {
  await writeReport(buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: [...runs] } }, annotations: [] }]), directory)
}

describe('startResumedRunsFile', () => {
  test('copies the runs a resume keeps into its runs file as they were, each where it says: the later line of a run wins, a run cut by the infrastructure is left out', async () => {
    const directory = await folder()
    // 300 runs; one is longer than the stretch of lines copied at once.
    await reportIn(directory, Array.from({ length: 300 }, (_, trial) => runRecord({ trial, ...(trial === 150 ? { decidedBy: ['x'.repeat(5_000_000)] } : {}) })))
    // Then an interrupted evaluation into the same folder: trial 7 again, trial 8 cut by a rate limit, a new trial 400.
    const later = await folder()
    await reportIn(later, [runRecord({ trial: 7, score: 0.5 }), runRecord({ trial: 8, score: null }), runRecord({ trial: 400 })])
    const partial = join(directory, PARTIAL_RUNS_FILE)
    await copyFile(join(later, RUNS_FILE), partial)

    const resumed = await readResumableRuns(directory)
    const reader = new LineReader()
    const lines = new Map<string, string>()
    for (const [id, entry] of resumed.runs) lines.set(id, await reader.read(entry))
    await reader.close()
    // The very file being resumed is written again.
    const { writer, kept } = await startResumedRunsFile(resumed, partial, resumed.settings)
    await writer.close()

    expect([...kept.keys()]).toEqual([...resumed.runs.keys()])
    const again = new LineReader()
    try {
      for (const [id, place] of kept) {
        expect(place.file).toBe(partial)
        expect(await again.read(place)).toBe(lines.get(id))
      }
    } finally {
      await again.close()
    }
    const copied = await readRunsFile(partial)
    expect(copied.runs.map((entry) => entry.run.id)).toEqual([...resumed.runs.keys()])
    expect(copied.runs.map((entry) => entry.run.trial).sort((a, b) => a - b)).toEqual([...Array.from({ length: 300 }, (_, trial) => trial).filter((trial) => trial !== 8), 400])
    expect(copied.runs.find((entry) => entry.run.trial === 7)?.run.score).toBe(0.5)
    expect(copied.runs.find((entry) => entry.run.trial === 150)?.run.decidedBy?.[0]).toHaveLength(5_000_000)
  })
})

describe('readResumableRuns', () => {
  test('a resume holds of each earlier run how it ended, its fingerprint (one object for equal ones) and where its line is, and plays a user error again with a fresh user trial when asked', async () => {
    const directory = await folder()
    const fingerprint = { world: 'w', tools: 't', user: 'u', milestones: 'm', minefields: 'f' }
    const userError = { kind: 'leak', message: 'the user said what it holds back', culprit: 'user' as const }
    await reportIn(directory, [
      runRecord({ trial: 0, fingerprint }),
      runRecord({ trial: 1, fingerprint, score: null, error: { kind: 'tool', message: 'it threw', culprit: 'domain', tool: 'send_message' } }),
      runRecord({ trial: 2, fingerprint, score: null, error: userError }),
    ])
    const kept = await readResumableRuns(directory)
    const runs = [...kept.runs.values()]
    expect(runs.map((entry) => entry.run)).toEqual([
      { id: expect.any(String), status: 'completed', trial: 0 },
      { id: expect.any(String), status: 'error', trial: 1, error: { kind: 'tool', culprit: 'domain' } },
      { id: expect.any(String), status: 'error', trial: 2, error: { kind: 'leak', culprit: 'user' } },
    ])
    expect(runs[0]?.fingerprint).toEqual(fingerprint)
    expect(runs[1]?.fingerprint).toBe(runs[0]?.fingerprint)
    expect(runs.every((entry) => entry.file === join(directory, RUNS_FILE) && entry.length > 0)).toBe(true)
    const replayed = await readResumableRuns(directory, { replayUserErrors: true })
    expect([...replayed.runs.values()].map((entry) => entry.run.trial)).toEqual([0, 1])
    expect([...replayed.userReplays.values()]).toEqual([1002])
    expect(replayed.errors).toBe(1)
  })
})
