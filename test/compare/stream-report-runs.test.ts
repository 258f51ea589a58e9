import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ReportJsonError, streamReportRuns } from '../../src/compare/stream-report-runs.ts'

let directory = ''
let count = 0
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-stream-runs-'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

async function fileWith(text: string): Promise<string> {
  const file = join(directory, `report-${count++}.json`)
  await writeFile(file, text)
  return file
}

async function read(text: string, options: Parameters<typeof streamReportRuns>[2] = {}) {
  const runs: unknown[] = []
  const rest = await streamReportRuns(await fileWith(text), (run) => runs.push(run), options)
  return { runs, rest }
}

// Strings that look like structure: brackets, quotes, escapes, a key named runs, the closing line of a run.
const tricky = fc.oneof(fc.string(), fc.constantFrom('}', ']', '{"runs": [', '\\', '"', '\\"}', '\n    }', 'runs', 'é ✓ 𝄞'))
const run = fc.record({ scenario: tricky, trial: fc.nat(), nested: fc.array(fc.record({ text: tricky, list: fc.array(tricky, { maxLength: 2 }) }), { maxLength: 3 }) })
const report = fc.record({ format: fc.constant('toolcheck-report'), before: fc.dictionary(tricky, tricky, { maxKeys: 2 }), runs: fc.array(run, { maxLength: 6 }), summary: fc.record({ overall: fc.array(tricky, { maxLength: 3 }) }), after: tricky })

describe('streamReportRuns', () => {
  test('hands over every run and the rest of the object as JSON.parse reads them, in any layout and at any chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(report, fc.constantFrom(undefined, 2), fc.integer({ min: 1, max: 64 }), async (value, indent, chunkBytes) => {
        const text = JSON.stringify(value, null, indent)
        // The text as JSON.parse reads it is what the reader must give, not the value it was
        // written from: once in some thousands of indented texts in a long-running process, the
        // text read back with a key `"` as `\\` (JSON.parse of it did too, the reader agreeing).
        const parsed = JSON.parse(text) as typeof value
        const { runs, rest } = await read(text, { chunkBytes })
        expect(runs).toEqual(parsed.runs)
        expect(rest).toEqual({ ...parsed, runs: [] })
      }),
      { numRuns: 60 },
    )
  })

  test('a run shorter than every run before it is read whole, wherever the next run closes', async () => {
    const runs = [{ text: 'x'.repeat(300), nested: { list: [1, 2] } }, { a: 1 }, {}, { b: [{}] }, { text: 'y'.repeat(50) }, { c: 2 }]
    for (const chunkBytes of [7, 64, 1 << 18]) {
      const { runs: handed } = await read(JSON.stringify({ format: 'toolcheck-report', runs, summary: {} }, null, 2), { chunkBytes })
      expect(handed).toEqual(runs)
    }
  })

  test('a skipped member after the runs reads as null and the others stay', async () => {
    await fc.assert(
      fc.asyncProperty(report, fc.integer({ min: 1, max: 64 }), async (value, chunkBytes) => {
        const text = JSON.stringify(value, null, 2)
        const { rest } = await read(text, { chunkBytes, skip: ['summary'] })
        expect(rest).toEqual({ ...(JSON.parse(text) as typeof value), runs: [], summary: null })
      }),
      { numRuns: 40 },
    )
  })

  test('broken or cut-short JSON, a run that is no object and a missing runs list are errors that name the file', async () => {
    const whole = JSON.stringify({ format: 'toolcheck-report', runs: [{ a: 1 }, { b: [2, 3] }], summary: {} }, null, 2)
    await expect(read(whole.slice(0, whole.length / 2))).rejects.toThrow(/report-\d+\.json: not JSON.*cut short/)
    await expect(read('{"runs": [{"a": 1}, 3]}')).rejects.toThrow(/report-\d+\.json: the run at byte 20 is not an object/)
    await expect(read('{"runs": [{"a": 1,}]}')).rejects.toThrow(ReportJsonError)
    await expect(read('{"format": "toolcheck-report"}')).rejects.toThrow(/no "runs" list/)
    await expect(read('{"runs": [], "summary": }')).rejects.toThrow(/not JSON/)
  })
})
