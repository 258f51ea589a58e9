import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { comparedPage, readComparedReport, readComparedReports } from '../../src/compare/read-compared-report.ts'
import { luckyBase } from '../../src/compare/lucky-base.ts'
import { poolReports, poolTalliedReports } from '../../src/compare/pool-reports.ts'
import { readReportFile, ReportFileError } from '../../src/compare/read-report-file.ts'
import { emptyTally } from '../../src/compare/report-tally.ts'
import { reportHistory } from '../../src/compare/report-history.ts'
import { renderComparisonHtml, writeComparisonHtml } from '../../src/compare/render-comparison-html.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { BuiltReport } from '../../src/reporter/build-report.ts'
import { encodePageData } from '../../src/reporter/page-data.ts'
import { writeReport } from '../../src/reporter/write-report.ts'
import { toRunRecord } from '../../src/runner/run-record.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

let directory = ''
// A report of one test whose runs play these scenarios, each trial passing or not as `passes` says.
const reportWith = (scenarios: readonly string[], passes: readonly boolean[]): BuiltReport =>
  buildReport([
    {
      id: 't',
      fullName: 't',
      file: 'a.test.ts',
      state: 'passed',
      attempts: [],
      meta: {
        toolcheck: {
          runs: scenarios.map((id, trial) => {
            const evaluation = sampleEvaluation()
            return toRunRecord({ ...sampleScenario, id }, sampleTrajectory({ scenarioId: id }), passes[trial] === false ? { ...evaluation, score: 0, milestoneScore: 0 } : evaluation, trial)
          }),
        },
      },
      annotations: [],
    },
  ])
const base = reportWith(['a', 'a', 'b', 'b', 'a'], [true, true, true, false, true])
const head = reportWith(['a', 'a', 'b', 'b', 'a'], [false, true, false, false, true])

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-read-compared-'))
  await writeReport(base, join(directory, 'base'))
  await writeReport(head, join(directory, 'head'))
  await writeReport(head, join(directory, 'head-without-page'), { html: false })
})
afterAll(() => rm(directory, { recursive: true, force: true }))

describe('readComparedReport', () => {
  test('compares as the reports held whole compare: the same comparison from the runs counted as they are read', async () => {
    const [baseFile, headFile] = await Promise.all([readComparedReport(join(directory, 'base')), readComparedReport(join(directory, 'head', 'report.json'))])
    expect(baseFile.path).toBe(join(directory, 'base', 'report.json'))
    expect(baseFile.report.tally.runs).toBe(5)
    expect(compareReports(baseFile.report, headFile.report)).toEqual(compareReports(base.report, head.report))
  })

  test("the page embeds the report page's index and details, or, without a page, encodes them from report.json and says where it looked", async () => {
    const withPage = await comparedPage(await readComparedReport(join(directory, 'head')))
    const encoded = encodePageData(head.report, [])
    expect(withPage.hasTranscripts).toBe(true)
    expect(withPage.transcripts).toBe(`conversations from ${join(directory, 'head', 'index.html')}`)
    expect(withPage.index).toEqual(JSON.parse(JSON.stringify(encoded.index)))
    const without = await comparedPage(await readComparedReport(join(directory, 'head-without-page')))
    expect(without.hasTranscripts).toBe(false)
    expect(without.transcripts).toMatch(/^no conversations: .*index\.html is not there/)
    expect(without.index).toEqual(encoded.index)
  })

  test("the page written piece by piece is the page rendered whole, the report page's index embedded as it was read", async () => {
    const [baseFile, headFile] = [await readComparedReport(join(directory, 'base')), await readComparedReport(join(directory, 'head-without-page'))]
    const [basePage, headPage] = [await comparedPage(baseFile), await comparedPage(headFile)]
    expect(basePage.indexJson).toBeDefined()
    expect(headPage.indexJson).toBeUndefined()
    const comparison = compareReports(baseFile.report, headFile.report, { sources: { base: '</script><!-- base', head: 'head & co' } })
    const file = join(directory, 'compare.html')
    await writeComparisonHtml(file, comparison, basePage, headPage)
    const written = await readFile(file, 'utf8')
    expect(written).toBe(renderComparisonHtml(comparison, basePage, headPage))
    // The same page as one made from the indexes held parsed.
    const { indexJson: _text, ...parsed } = { ...basePage, index: basePage.index }
    expect(written).toBe(renderComparisonHtml(comparison, parsed, headPage))
    expect(written).not.toContain('\u0000toolcheck')
    expect(written).toContain('</script><!-- base'.replace(/[<>&]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`))
  })

  test('a history, a pooled baseline and the lucky-base check come out of the tallies as out of the reports held whole', async () => {
    const paths = [join(directory, 'base'), join(directory, 'head'), join(directory, 'base')]
    const whole = await Promise.all(paths.map((path) => readReportFile(path)))
    const pool = emptyTally()
    const tallied = []
    for (const path of paths) tallied.push(await readComparedReport(path, pool))
    const sources = paths.map((path) => join(path, 'report.json'))
    expect(reportHistory(tallied.map((file) => file.report), { sources })).toEqual(reportHistory(whole.map((file) => file.report), { sources }))
    expect(pool.runs).toBe(15)
    const headFile = await readComparedReport(join(directory, 'head'))
    expect(compareReports(poolTalliedReports(tallied.map((file) => file.report), pool), headFile.report)).toEqual(compareReports(poolReports(whole.map((file) => file.report)), head.report))
    for (const [position, file] of tallied.entries()) {
      const others = tallied.filter((_, at) => at !== position).map((other) => other.report)
      const wholeOthers = whole.filter((_, at) => at !== position).map((other) => other.report)
      expect(luckyBase(file.report, others, 'the base', 0.9)).toEqual(luckyBase((whole[position] as (typeof whole)[number]).report, wholeOthers, 'the base', 0.9))
    }
    expect(luckyBase((tallied[0] as (typeof tallied)[number]).report, [(tallied[1] as (typeof tallied)[number]).report], 'the base', 0.9)).toBeDefined()
  })

  test('a report named twice is read once, each keeping the path it was named by', async () => {
    // The same file under another name: a link to its folder.
    await symlink(join(directory, 'base'), join(directory, 'base-link'))
    const paths = [join(directory, 'base'), join(directory, 'head'), join(directory, 'base', 'report.json'), join(directory, 'base-link')]
    const files = await readComparedReports(paths)
    expect(files.map((file) => file.path)).toEqual([join(directory, 'base', 'report.json'), join(directory, 'head', 'report.json'), join(directory, 'base', 'report.json'), join(directory, 'base-link', 'report.json')])
    expect(files[2]?.report).toBe(files[0]?.report)
    expect(files[3]?.report).toBe(files[0]?.report)
    expect(files[1]?.report).not.toBe(files[0]?.report)
    const apart = []
    for (const path of paths) apart.push(await readComparedReport(path))
    expect(files).toEqual(apart)
    await expect(readComparedReports([join(directory, 'base'), join(directory, 'nowhere')])).rejects.toThrow(new ReportFileError(`${join(directory, 'nowhere')}: no such file or directory`))
  })

  test('a missing folder and a file that is no report are errors that say so', async () => {
    await expect(readComparedReport(join(directory, 'nowhere'))).rejects.toThrow(new ReportFileError(`${join(directory, 'nowhere')}: no such file or directory`))
    await expect(readComparedReport(join(directory, 'base', 'index.html'))).rejects.toThrow(/index\.html: not JSON|index\.html: not a toolcheck report/)
  })
})

