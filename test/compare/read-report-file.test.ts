import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readReportFile } from '../../src/compare/read-report-file.ts'
import { packText } from '../../src/reporter/packed-json.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { writeReport } from '../../src/reporter/write-report.ts'
import { toRunRecord } from '../../src/runner/run-record.ts'
import { sampleEvaluation, sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

let directory = ''
// A report of one test whose runs play these scenarios, one trial each.
const reportWith = (scenarios: readonly string[]) =>
  buildReport([
    {
      id: 't',
      fullName: 't',
      file: 'a.test.ts',
      state: 'passed',
      attempts: [],
      meta: { toolcheck: { runs: scenarios.map((id, trial) => toRunRecord({ ...sampleScenario, id }, sampleTrajectory({ scenarioId: id }), sampleEvaluation(), trial)) } },
      annotations: [],
    },
  ])
const reportOf = (trials: number) => reportWith(Array<string>(trials).fill(sampleScenario.id))

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-read-report-'))
  await writeReport(reportOf(2), join(directory, 'written'))
  // The page kept under another name, as a CI artefact might be.
  await mkdir(join(directory, 'renamed'))
  await copyFile(join(directory, 'written', 'report.json'), join(directory, 'renamed', 'report.json'))
  await copyFile(join(directory, 'written', 'index.html'), join(directory, 'renamed', 'report-page.html'))
  await writeFile(join(directory, 'renamed', 'notes.html'), '<p>not a report page</p>')
  // A page of another run beside this report.
  await writeReport(reportOf(3), join(directory, 'stale'))
  await copyFile(join(directory, 'written', 'report.json'), join(directory, 'stale', 'report.json'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

describe('readReportFile: where the conversations come from', () => {
  test('the index.html beside report.json', async () => {
    const file = await readReportFile(join(directory, 'written'))
    expect(file.packedDetails).toBeDefined()
    expect(file.transcripts).toBe(`conversations from ${join(directory, 'written', 'index.html')}`)
  })

  test('another page in the folder that holds the same runs', async () => {
    const file = await readReportFile(join(directory, 'renamed', 'report.json'))
    expect(file.packedDetails).toBeDefined()
    expect(file.transcripts).toBe(`conversations from ${join(directory, 'renamed', 'report-page.html')}`)
  })

  test('none: every place looked at, and why each would not do', async () => {
    const file = await readReportFile(join(directory, 'stale'))
    expect(file.packedDetails).toBeUndefined()
    expect(file.transcripts).toBe(
      `no conversations: they are kept in the report page written beside report.json, looked for in ${join(directory, 'stale')}: index.html holds 3 runs, and this report 2. Keep index.html beside report.json (the reporter writes both unless html is false) to see them here.`,
    )
    expect(file.report.settings?.scoring).toBe('toolcheck')
  })
})

describe('readReportFile: the runs a page holds, counted without unpacking them into values', () => {
  // The written page with its details element holding `details` (JSON text) packed, or `packed` as it is.
  async function pageWith(name: string, replacement: { readonly details?: string; readonly packed?: string }): Promise<string> {
    const folder = join(directory, name)
    await mkdir(folder)
    await copyFile(join(directory, 'written', 'report.json'), join(folder, 'report.json'))
    const html = await readFile(join(directory, 'written', 'index.html'), 'utf8')
    const marker = 'id="toolcheck-details">'
    const start = html.indexOf(marker) + marker.length
    const packed = replacement.packed ?? packText(replacement.details ?? '')
    await writeFile(join(folder, 'index.html'), `${html.slice(0, start)}${packed}${html.slice(html.indexOf('</script>', start))}`)
    return folder
  }

  test.each([
    ['two runs among strings and lists that look like structure', '{"strings":["]","\\"",",["],"runs":[[1,[2,3],"x,y"],{"a":[1]}],"lists":[[1,2,3]]}', undefined],
    ['the last of two members named runs', '{"runs":[1,2,3],"runs":[[0],[1]]}', undefined],
    ['three runs', '{"runs":[[],[],[]]}', 'index.html holds 3 runs, and this report 2'],
    ['no runs list', '{"strings":[],"runs":{"length":2}}', 'index.html holds no runs, and this report 2'],
    ['an empty runs list', '{"runs":[ ]}', 'index.html holds 0 runs, and this report 2'],
    ['details cut short', '{"runs":[[1],[2]', 'index.html holds run details that cannot be read'],
    ['a bracket too many', '{"runs":[[1],[2]]}]', 'index.html holds run details that cannot be read'],
    ['an open string', '{"runs":[[1],[2]],"x":"}', 'index.html holds run details that cannot be read'],
  ])('%s', async (name, details, problem) => {
    const file = await readReportFile(await pageWith(`details ${name}`, { details }))
    if (problem === undefined) expect(file.transcripts).toMatch(/^conversations from /)
    else expect(file.transcripts).toContain(`looked for in ${join(directory, `details ${name}`)}: ${problem}.`)
  })

  test('details that are not packed cannot be read', async () => {
    const file = await readReportFile(await pageWith('not packed', { packed: 'not base64 of anything packed!' }))
    expect(file.transcripts).toContain('index.html holds run details that cannot be read')
  })
})

describe('readReportFile: reports written by earlier versions', () => {
  test('a page whose runs are of other scenarios is refused, however its columns were written (repeated values as [value, count])', async () => {
    const mine = [...Array<string>(20).fill('a'), ...Array<string>(10).fill('b')]
    const theirs = [...Array<string>(20).fill('c'), ...Array<string>(10).fill('d')]
    await writeReport(reportWith(theirs), join(directory, 'theirs'))
    await writeReport(reportWith(mine), join(directory, 'mine'))
    await copyFile(join(directory, 'theirs', 'index.html'), join(directory, 'mine', 'index.html'))
    const file = await readReportFile(join(directory, 'mine'))
    expect(file.packedDetails).toBeUndefined()
    expect(file.transcripts).toContain('index.html holds the runs of other scenarios (a page of another report)')
  })

  test('augmentation labels in older words (joined by +, descriptions and types "scrambled") read in today’s, so cells pair with a newer report’s', async () => {
    const { report } = reportOf(2)
    const old = {
      ...report,
      runs: report.runs.map((run) => ({ ...run, augmentation: '3 distraction tools + tool descriptions scrambled', augmentationColumns: ['tool descriptions scrambled'] })),
    }
    await mkdir(join(directory, 'old-labels'), { recursive: true })
    await writeFile(join(directory, 'old-labels', 'report.json'), JSON.stringify(old))
    const file = await readReportFile(join(directory, 'old-labels'))
    expect(file.report.runs.map((run) => [run.augmentation, run.augmentationColumns])).toEqual([
      ['3 distraction tools, tool descriptions removed', ['tool descriptions removed']],
      ['3 distraction tools, tool descriptions removed', ['tool descriptions removed']],
    ])
    expect(Object.keys(file.report.summary.byAugmentation)).toEqual(['tool descriptions removed'])
  })
})
