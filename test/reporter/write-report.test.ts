import type * as FileSystem from 'node:fs/promises'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { Report } from '../../src/reporter/report.ts'
import { writeReport } from '../../src/reporter/write-report.ts'
import { temporaryFolders } from '../temporary-folders.ts'

/** A rename that "kills" the writer (throws) when it reaches the file whose name ends with `killAt`. */
const kill = vi.hoisted(() => ({ at: undefined as string | undefined }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FileSystem>()
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (kill.at !== undefined && to.endsWith(kill.at)) throw new Error(`killed before ${kill.at} was renamed into place`)
      return actual.rename(from, to)
    },
  }
})

const { make: folder } = temporaryFolders('toolcheck-write-report-')
beforeEach(() => {
  kill.at = undefined
})

/** A report that says which run it came from, in its agent field. */
const reportOf = (run: string) => buildReport([], run)
const agentIn = async (directory: string) => (JSON.parse(await readFile(join(directory, 'report.json'), 'utf8')) as Report).agent

describe('writeReport', () => {
  test('kill between the renames of report.json, runs.jsonl and index.html: they are never from different runs', async () => {
    for (const killAt of ['report.json', 'runs.jsonl', 'index.html']) {
      const directory = await folder()
      await writeReport(reportOf('first-run'), directory)
      expect(await readFile(join(directory, 'index.html'), 'utf8')).toContain('first-run')
      kill.at = killAt
      await expect(writeReport(reportOf('second-run'), directory)).rejects.toThrow('killed before')
      const files = (await readdir(directory)).filter((name) => !name.endsWith('.tmp')).sort()
      // Whatever instant the writer died at, no file sits beside another run's report: the old
      // page and runs file go before the new report comes in.
      expect(files).toEqual(killAt === 'index.html' ? ['report.json', 'runs.jsonl'] : ['report.json'])
      expect(await agentIn(directory)).toBe(killAt === 'report.json' ? 'first-run' : 'second-run')
      kill.at = undefined
      await writeReport(reportOf('third-run'), directory)
      expect(await agentIn(directory)).toBe('third-run')
      expect(await readFile(join(directory, 'index.html'), 'utf8')).toContain('third-run')
      expect((await readdir(directory)).sort()).toEqual(['index.html', 'report.json', 'runs.jsonl'])
    }
  })

  test('without a page, an old page is removed rather than left beside a newer report', async () => {
    const directory = await folder()
    await writeReport(reportOf('first-run'), directory)
    await writeReport(reportOf('second-run'), directory, { html: false })
    expect((await readdir(directory)).sort()).toEqual(['report.json', 'runs.jsonl'])
  })
})
