import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.ts'
import type { ComparedPage } from '../../src/compare/render-comparison-html.ts'
import { renderComparisonHtml, writeComparisonHtml } from '../../src/compare/render-comparison-html.ts'
import type { ComparedRun } from '../../src/compare/report-tally.ts'
import type { PageIndex } from '../../src/reporter/page-data.ts'

let directory = ''
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-compare-page-'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

const usage = { calls: 1, cachedCalls: 0, promptTokens: 10, completionTokens: 2, latencyMs: 5 }

/** Runs of `cells` cells, five trials each, with names outside the Basic Multilingual Plane. */
function runs(cells: number, passes: (cell: number, trial: number) => boolean): ComparedRun[] {
  return Array.from({ length: cells * 5 }, (_, at) => {
    const [cell, trial] = [Math.floor(at / 5), at % 5]
    const passed = passes(cell, trial)
    return { scenario: `scenario-${cell}-𝄞`, augmentation: 'none', augmentationColumns: ['none'], categories: ['STATE_DEPENDENCY'], agent: 'm', status: 'completed', score: passed ? 1 : 0, passed, verdict: passed ? 'passed' : 'failed', trial, usage }
  })
}

/** A page whose index text is `size` characters, astral characters spread through it so that some fall where the writer's buffer fills. */
function pageOf(size: number, seed: number): ComparedPage {
  const unit = `"é 𝄞 ${seed} <>&"`
  const strings = Array.from({ length: Math.ceil(size / unit.length) }, () => unit)
  return { index: {} as PageIndex, indexJson: `{"strings":[${strings.join(',')}]}`, packedDetails: 'AAAA', transcripts: `conversations from somewhere ${seed} ✓`, hasTranscripts: true }
}

describe('writeComparisonHtml', () => {
  test('writes, piece by piece through its buffer, the page renderComparisonHtml renders whole, however the pieces fall', async () => {
    const comparison = compareReports({ agent: 'm', runs: runs(700, (cell, trial) => (cell + trial) % 3 !== 0) }, { agent: 'm', runs: runs(700, (cell, trial) => (cell * trial) % 4 !== 1) }, { sources: { base: 'base 𝄞', head: 'head ✓' } })
    for (const [position, sizes] of [[1, 2], [1 << 20, 3 << 19], [(1 << 20) / 3 + 1, 5 << 20]].entries()) {
      const [base, head] = [pageOf(sizes[0] as number, position), pageOf(sizes[1] as number, position + 10)]
      const file = join(directory, `compare-${position}.html`)
      await writeComparisonHtml(file, comparison, base, head)
      expect((await readFile(file)).equals(Buffer.from(renderComparisonHtml(comparison, base, head)))).toBe(true)
    }
  })
})
