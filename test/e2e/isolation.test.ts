import { describe, expect, test } from 'vitest'
import type { Report } from '../../src/reporter/report.ts'
import { FIXTURES, readReport, reportDirectory, runFixture } from './run-fixture.ts'

// Three files of scenarios over the same default rows, one of whose tools pushes onto a list it
// read. Played on one worker in file order, on one worker shuffled, and on three workers shuffled
// another way (files sharing workers, tests running concurrently), the reports are the same.
const WAYS = [
  { name: 'one worker, in order', options: { maxWorkers: 1 } },
  { name: 'one worker, shuffled', options: { maxWorkers: 1, sequence: { shuffle: true, seed: 7 } } },
  { name: 'three workers, shuffled', options: { maxWorkers: 3, sequence: { shuffle: { files: true, tests: true }, seed: 11 } } },
]

describe('runs are independent', () => {
  test('runs in shuffled orders and on many workers: a suite gives identical reports', async () => {
    const reports: Report[] = []
    for (const way of WAYS) {
      const directory = reportDirectory(`isolation-${reports.length}`)
      await runFixture(FIXTURES.isolation, directory, way.options)
      reports.push(await readReport(directory))
    }
    const [first, ...others] = reports as [Report, ...Report[]]
    for (const [position, other] of others.entries()) expect(other, WAYS[position + 1]?.name).toEqual(first)
    // What the report says: every read sees the note as the domain defines it, and every push in place is refused.
    const verdicts = new Set(first.runs.map((run) => `${run.scenario.replace(/-\d+$/, '')}: ${run.verdict} ${run.error?.culprit ?? ''} ${run.error?.kind ?? ''}`.trim()))
    expect(verdicts).toEqual(new Set(['read-tags: passed', 'tag-note: error domain row-mutated']))
    expect(first.runs).toHaveLength(12)
    expect(first.runs.find((run) => run.error !== undefined)?.error?.message).toBe(
      'the tool tag_note changed notes[n-1].tags in place (a value it read from the world); a tool changes the world only through world.insert, update, remove, replaceRows or setSettings, on copies of what it read',
    )
  })
})
