import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildReport } from '../../src/reporter/build-report.ts'
import { mergeSortedRunsFiles } from '../../src/reporter/merge-sorted-runs.ts'
import { readRunsFile, runsFileHeader } from '../../src/reporter/runs-file.ts'
import { ReportStream, runLineText, writeIndexedReport, writeReport } from '../../src/reporter/write-report.ts'
import { runRecord } from './sample-records.ts'

let directory = ''
let shards: string[] = []
const REPORT_FILES = ['report.json', 'runs.jsonl', 'index.html']

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-merge-sorted-'))
  const runs = ['c', 'a', 'e', 'b', 'd'].flatMap((scenario, position) => [0, 1].map((trial) => runRecord({ scenario, trial, score: (position + trial) % 3 === 0 ? 0 : 1 })))
  // Every other run of the report's order in each shard, so merging them interleaves the shards.
  const ordered = [...runs].sort((a, b) => a.scenario.localeCompare(b.scenario) || a.trial - b.trial)
  shards = [join(directory, 'shard-1'), join(directory, 'shard-2')]
  for (const [index, shard] of shards.entries()) {
    const mine = ordered.filter((_, position) => position % 2 === index)
    await writeReport(buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: mine } }, annotations: [] }]), shard)
  }
})
afterAll(() => rm(directory, { recursive: true, force: true }))

/** Merges `folders`' runs files in one pass into `target`; what was merged, or undefined. */
async function mergeInto(folders: readonly string[], target: string) {
  const merged = await mergeSortedRunsFiles(
    folders.map((folder) => join(folder, 'runs.jsonl')),
    (headers) => ReportStream.open(target, headers[0]?.settings ?? {}),
  )
  if (merged === undefined) return undefined
  await merged.stream.finish({ problems: merged.files.flatMap((file) => file.problems) })
  return merged
}

describe('mergeSortedRunsFiles', () => {
  test('writes the report that reading the shards whole and sorting their runs writes, byte for byte', async () => {
    const streamed = join(directory, 'streamed')
    const merged = await mergeInto(shards, streamed)
    expect(merged?.files.map((file) => file.categories)).toEqual([['SINGLE_TOOL_CALL'], ['SINGLE_TOOL_CALL']])
    const indexed = join(directory, 'indexed')
    const contents = await Promise.all(shards.map((shard) => readRunsFile(join(shard, 'runs.jsonl'))))
    await writeIndexedReport({ runs: contents.flatMap((content) => content.runs), problems: [], settings: contents[0]?.header.settings ?? {} }, indexed)
    for (const file of REPORT_FILES) expect(await readFile(join(streamed, file), 'utf8'), file).toBe(await readFile(join(indexed, file), 'utf8'))
    expect((await readFile(join(streamed, 'runs.jsonl'), 'utf8')).split('\n').filter((line) => line.startsWith('{"run"'))).toHaveLength(10)
  })

  test('passes every line through byte for byte, lines longer than a read (several MiB, of multi-byte text) too', async () => {
    const built = buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: ['a', 'b', 'c', 'd', 'e', 'f'].map((scenario) => runRecord({ scenario })) } }, annotations: [] }])
    // Lines longer than two reads after short ones, ends of reads mid-line and mid-character.
    const said = ['x'.repeat(10), 'é✓'.repeat(700_000), '✓'.repeat(1_200_000), 'y', 'z'.repeat(3 << 20), 'ü']
    const lines = built.report.runs.map((run, position) =>
      runLineText({ run, transcript: { scenario: run.scenario, augmentation: 'none', trial: 0, firstUserMessageIndex: 0, messages: [{ index: 0, sender: 'user', recipient: 'agent', content: said[position] as string }] } }),
    )
    const header = `${JSON.stringify(runsFileHeader({}))}\n`
    const folders = [join(directory, 'long-1'), join(directory, 'long-2')]
    for (const [index, folder] of folders.entries()) {
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, 'runs.jsonl'), `${header}${lines.filter((_, position) => position % 2 === index).join('\n')}\n`)
    }
    const target = join(directory, 'long-merged')
    expect(await mergeInto(folders, target)).toBeDefined()
    expect(await readFile(join(target, 'runs.jsonl'), 'utf8')).toBe(`${header}${lines.join('\n')}\n`)
  })

  test('passes thousands of lines through byte for byte, across many reads ending anywhere in a line', async () => {
    // 4,000 runs said in texts of 0 to 4,000 characters (some of two or three bytes each): about
    // 9 MB, so that reads end in a line, at its newline and inside a character, many times over.
    const scenarios = Array.from({ length: 4000 }, (_, position) => `s${String(position).padStart(4, '0')}`)
    const built = buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs: scenarios.map((scenario) => runRecord({ scenario })) } }, annotations: [] }])
    let seed = 7
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31)
    const lines = built.report.runs.map((run) => {
      const content = Array.from({ length: next() % 4000 }, () => ['a', 'é', '✓', '\n', '"'][next() % 5]).join('')
      return runLineText({ run, transcript: { scenario: run.scenario, augmentation: 'none', trial: 0, firstUserMessageIndex: 0, messages: [{ index: 0, sender: 'user', recipient: 'agent', content }] } })
    })
    const header = `${JSON.stringify(runsFileHeader({}))}\n`
    const folders = [join(directory, 'many-1'), join(directory, 'many-2')]
    for (const [index, folder] of folders.entries()) {
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, 'runs.jsonl'), `${header}${lines.filter((_, position) => position % 2 === index).join('\n')}\n`)
    }
    expect(Buffer.byteLength((await readFile(join(folders[0] as string, 'runs.jsonl'), 'utf8')) as string)).toBeGreaterThan(4 << 20)
    const target = join(directory, 'many-merged')
    expect(await mergeInto(folders, target)).toBeDefined()
    expect(await readFile(join(target, 'runs.jsonl'), 'utf8')).toBe(`${header}${lines.join('\n')}\n`)
  })

  test('gives up, leaving no report, on runs out of order, a run in two files, or a line that cannot be read', async () => {
    const lines = (await readFile(join(shards[0] as string, 'runs.jsonl'), 'utf8')).split('\n')
    const swapped = [lines[0], lines[2], lines[1], ...lines.slice(3)].join('\n')
    const broken = [...lines.slice(0, 2), '{"run": 1}', ...lines.slice(2)].join('\n')
    // A run whose transcript is no transcript: the page reads every part of one.
    const unsaid = [lines[0], JSON.stringify({ ...(JSON.parse(lines[1] as string) as object), transcript: { messages: 'none' } }), ...lines.slice(2)].join('\n')
    for (const [name, text, others] of [
      ['unsorted', swapped, []],
      ['broken', broken, []],
      ['transcript of the wrong shape', unsaid, []],
      ['doubled', lines.join('\n'), [shards[0] as string]],
    ] as const) {
      const folder = join(directory, name)
      const target = join(directory, `${name}-merged`)
      await writeReport(buildReport([]), folder)
      await writeFile(join(folder, 'runs.jsonl'), text)
      expect(await mergeInto([folder, ...others], target), name).toBeUndefined()
      // Not even the folder the merge made for its report is left.
      expect(existsSync(target), name).toBe(false)
      // Into a folder that was there, it leaves the folder as it was.
      await mkdir(target)
      expect(await mergeInto([folder, ...others], target), name).toBeUndefined()
      expect(await readdir(target), name).toEqual([])
    }
  })
})
