import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import type { CollectedTest } from '../../src/reporter/collected-test.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import type { Report } from '../../src/reporter/report.ts'
import type { RunLine } from '../../src/reporter/runs-file.ts'
import { LineReader, PARTIAL_RUNS_FILE, readRunsFile, runCosts, RUNS_FILE, runsFileHeader } from '../../src/reporter/runs-file.ts'
import { ReportStream, runLineText, writeIndexedReport, writeReport } from '../../src/reporter/write-report.ts'
import { formatSummary } from '../../src/reporter/format-summary.ts'
import { namedRuns } from '../../src/reporter/named-runs.ts'
import { runId } from '../../src/runner/run-id.ts'
import type { RunRecord } from '../../src/runner/run-record-schema.ts'
import { TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment } from '../../src/runner/transcript.ts'
import { runRecord } from './sample-records.ts'
import { temporaryFolders } from '../temporary-folders.ts'

const { make: folder } = temporaryFolders('toolcheck-runs-file-')

const fingerprint = { world: 'w1', tools: 't1', user: 'u1', milestones: 'm1', minefields: 'f1' }

/** A finished test that recorded `records`, each with a transcript that names it. */
function testOf(name: string, records: readonly RunRecord[], state: CollectedTest['state'] = 'passed'): CollectedTest {
  return {
    id: name,
    fullName: name,
    file: 'suite.test.ts',
    state,
    attempts: [],
    meta: { toolcheck: { runs: records.map((record) => ({ ...record, fingerprint })) } },
    annotations: records.map((record) => ({
      message: 'transcript',
      type: TRANSCRIPT_ANNOTATION_TYPE,
      attachment: transcriptAttachment({
        scenario: record.scenario,
        augmentation: record.augmentation,
        trial: record.trial,
        agent: record.agent,
        firstUserMessageIndex: 0,
        messages: [{ index: 0, sender: 'user', recipient: 'agent', content: `said in ${record.scenario} trial ${record.trial}` }],
      }),
    })),
  }
}

/** Several tests whose runs arrive out of the report's order, with an error, a failure and a test that recorded nothing. */
function sampleTests(): CollectedTest[] {
  return [
    testOf('c <none>', [runRecord({ scenario: 'c', trial: 1 }), runRecord({ scenario: 'c', trial: 0, score: 0.5 })]),
    // A line separator inside a string is kept as it is, not taken for a line to indent.
    testOf('a <none>', [runRecord({ scenario: 'a', error: { kind: 'rate-limit', message: 'HTTP 429\u2028retry later', culprit: 'infrastructure' }, score: null })]),
    testOf('b <none>', [runRecord({ scenario: 'b', categories: ['STATE_DEPENDENCY'], usage: { calls: 2, cachedCalls: 1, promptTokens: 30, completionTokens: 5, latencyMs: 3, costUsd: 0.001 } })]),
    { ...testOf('broken', []), meta: {}, state: 'failed', errorMessage: 'it threw first' },
  ]
}

describe('runs files', () => {
  test("report.json is JSON.stringify's layout of the report, and runs.jsonl holds every run with its id, fingerprint and transcript", async () => {
    const directory = await folder()
    const built = buildReport(sampleTests(), 'agent')
    const written = await writeReport(built, directory)
    expect(await readFile(written.json, 'utf8')).toBe(`${JSON.stringify(built.report, null, 2)}\n`)
    expect((await readdir(directory)).sort()).toEqual(['index.html', 'report.json', RUNS_FILE])
    expect(built.report.runs.map((run) => [run.scenario, run.trial, run.id])).toEqual([
      ['a', 0, runId({ scenario: 'a', augmentation: 'none', trial: 0, agent: 'agent', user: 'scripted' })],
      ['b', 0, runId({ scenario: 'b', augmentation: 'none', trial: 0, agent: 'agent', user: 'scripted' })],
      ['c', 0, runId({ scenario: 'c', augmentation: 'none', trial: 0, agent: 'agent', user: 'scripted' })],
      ['c', 1, runId({ scenario: 'c', augmentation: 'none', trial: 1, agent: 'agent', user: 'scripted' })],
    ])
    expect(new Set(built.report.runs.map((run) => run.id)).size).toBe(4)
    const content = await readRunsFile(written.runs)
    expect(content.header.settings).toEqual({ scoring: 'toolcheck' })
    expect(content.runs.map((entry) => [entry.run.id, entry.fingerprint])).toEqual(built.report.runs.map((run) => [run.id, fingerprint]))
    expect(content.problems).toEqual(built.report.problems)
    expect(content.truncated).toBe(false)
    const lines = (await readFile(written.runs, 'utf8')).trimEnd().split('\n')
    expect(JSON.parse(lines[4] as string).transcript.messages[0].content).toBe('said in c trial 1')
  })

  test('a report written run by run from runs files on disk is the same, byte for byte, as the one written from memory, whatever order the runs came in', async () => {
    const whole = await folder()
    const built = buildReport(sampleTests(), 'agent')
    await writeReport(built, whole)
    // The same runs, streamed into two partial files in another order, as shards or workers would leave them.
    const streamed = await folder()
    const runs = built.report.runs.map((run, position) => ({ run, fingerprint: built.fingerprints?.[position], transcript: built.transcripts[position], durationMs: 10 + position }))
    const first = join(streamed, 'first.jsonl')
    const second = join(streamed, PARTIAL_RUNS_FILE)
    await writeFile(first, `${JSON.stringify(runsFileHeader({}))}\n${[runs[3], runs[0]].map((line) => runLineText(line!)).join('\n')}\n`)
    await writeFile(second, `${JSON.stringify(runsFileHeader({}))}\n${[runs[2], runs[1]].map((line) => runLineText(line!)).join('\n')}\n`)
    const [one, two] = [await readRunsFile(first), await readRunsFile(second)]
    await writeIndexedReport({ runs: [...one.runs, ...two.runs], problems: built.report.problems, settings: {}, agent: 'agent' }, streamed)
    for (const file of ['report.json', 'index.html']) expect(await readFile(join(streamed, file), 'utf8')).toBe(await readFile(join(whole, file), 'utf8'))
    // The partial file is gone; the runs file is in the report's order, with each run's duration.
    expect((await readdir(streamed)).sort()).toEqual(['first.jsonl', 'index.html', 'report.json', RUNS_FILE])
    const reread = await readRunsFile(join(streamed, RUNS_FILE))
    expect(reread.runs.map((entry) => [entry.run.id, entry.durationMs])).toEqual(built.report.runs.map((run, position) => [run.id, 10 + position]))
  })

  test('a report streamed as its runs come keeps what its text summary says of single runs and no run, refuses a run out of order, and leaves nothing behind when aborted', async () => {
    const whole = await folder()
    const built = buildReport(sampleTests(), 'agent')
    await writeReport(built, whole)
    const lines = built.report.runs.map((run, position) => runLineText({ run, fingerprint: built.fingerprints?.[position], transcript: built.transcripts[position] }))
    const streamed = await folder()
    const stream = await ReportStream.open(streamed, {})
    for (const line of lines) expect(await stream.add(line)).toBe(true)
    // An earlier run after a later one cannot be written in order: refused, and nothing added.
    expect(await stream.add(lines[0] as string)).toBe(lines.length === 1)
    expect(stream.runs).toBe(lines.length)
    const { report } = await stream.finish({ problems: built.report.problems, agent: 'agent' })
    for (const file of ['report.json', 'index.html']) expect(await readFile(join(streamed, file), 'utf8')).toBe(await readFile(join(whole, file), 'utf8'))
    expect(report.runs).toEqual([])
    expect(report.named).toEqual(namedRuns(built.report.runs))
    expect(report.named?.failing.count).toBe(built.report.runs.filter((run) => run.verdict === 'failed').length)
    expect(formatSummary(report)).toBe(formatSummary(built.report))
    const aborted = await folder()
    const stopped = await ReportStream.open(aborted, {})
    await stopped.add(lines[0] as string)
    await stopped.abort()
    expect(await readdir(aborted)).toEqual([])
    // A folder the stream had to make (two levels here) goes with it; the folder it was made in stays.
    const parent = await folder()
    const made = await ReportStream.open(join(parent, 'merged', 'report'), {})
    await made.add(lines[0] as string)
    await made.abort()
    expect(await readdir(parent)).toEqual([])
  })

  test('an empty report keeps its empty list of runs', async () => {
    const directory = await folder()
    const built = buildReport([], 'nobody')
    await writeIndexedReport({ runs: [], problems: [], settings: {}, agent: 'nobody' }, directory)
    expect(JSON.parse(await readFile(join(directory, 'report.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(built.report)))
    expect(await readFile(join(directory, 'report.json'), 'utf8')).toContain('"runs": [],')
  })

  test('the budget of an evaluation is kept in the report and in its runs file', async () => {
    const directory = await folder()
    const built = buildReport(sampleTests().slice(0, 1), 'agent')
    const budget = { limits: { modelCalls: 10 }, spent: { modelCalls: 10, tokens: 420, costUsd: 0, refusedCalls: 3 }, cutRuns: 3 }
    const source = join(directory, 'source.jsonl')
    await writeFile(source, `${JSON.stringify(runsFileHeader({}))}\n${built.report.runs.map((run, position) => runLineText({ run, transcript: built.transcripts[position] })).join('\n')}\n`)
    await writeIndexedReport({ ...(await readRunsFile(source)), settings: {}, budget }, directory)
    expect((JSON.parse(await readFile(join(directory, 'report.json'), 'utf8')) as Report).budget).toEqual(budget)
    expect((await readRunsFile(join(directory, RUNS_FILE))).budget).toEqual(budget)
  })

  test('a runs file whose last line a killed writer cut off: the line is left out; any other unreadable line is an error naming the file and line', async () => {
    const directory = await folder()
    const built = buildReport(sampleTests(), 'agent')
    const file = join(directory, PARTIAL_RUNS_FILE)
    const lines = built.report.runs.map((run) => runLineText({ run }))
    await writeFile(file, `${JSON.stringify(runsFileHeader({}))}\n${lines[0]}\n${lines[1]}\n`)
    await appendFile(file, (lines[2] as string).slice(0, 40))
    const content = await readRunsFile(file)
    expect(content.truncated).toBe(true)
    expect(content.runs.map((entry) => entry.run.id)).toEqual(built.report.runs.slice(0, 2).map((run) => run.id))
    await writeFile(file, `${JSON.stringify(runsFileHeader({}))}\n${lines[0]}\n{"run": oops\n${lines[1]}\n`)
    await expect(readRunsFile(file)).rejects.toThrow(`${file}, line 3: not JSON`)
    await writeFile(file, `${lines[0]}\n`)
    await expect(readRunsFile(file)).rejects.toThrow('not a toolcheck runs file')
  })
})

describe('LineReader', () => {
  test('gives every line whole, read in the file\'s order (in blocks), backwards or in turns from two files', async () => {
    const directory = await folder()
    // Lines of differing lengths, some longer than a block, with text of several bytes a character.
    const lines = Array.from({ length: 3000 }, (_, index) => `${index}:${'é✓'.repeat((index * 37) % 150)}${index % 700 === 0 ? 'x'.repeat(300_000) : ''}`)
    const places = (file: string) => {
      let offset = 0
      return lines.map((line) => {
        const length = Buffer.byteLength(line)
        const place = { file, offset, length }
        offset += length + 1
        return place
      })
    }
    const [first, second] = [join(directory, 'a.jsonl'), join(directory, 'b.jsonl')]
    await writeFile(first, `${lines.join('\n')}\n`)
    await writeFile(second, `${lines.join('\n')}\n`)
    const reader = new LineReader()
    try {
      const inOrder = places(first)
      expect(await Promise.all(inOrder.map((place) => reader.read(place)))).toEqual(lines)
      const backwards: string[] = []
      for (const place of [...inOrder].reverse()) backwards.push(await reader.read(place))
      expect(backwards.reverse()).toEqual(lines)
      const [fromFirst, fromSecond] = [places(first), places(second)]
      const turns: string[] = []
      for (let index = 0; index < lines.length; index++) turns.push(await reader.read((index % 2 === 0 ? fromFirst : fromSecond)[index] as (typeof fromFirst)[number]))
      expect(turns).toEqual(lines)
    } finally {
      await reader.close()
    }
  })
})

describe('readRunsFile', () => {
  test('holds the texts, lists and fingerprints that recur from run to run once, frozen, with the values the lines hold', async () => {
    const runs = [0, 1, 2].map((trial) => runRecord({ scenario: 'a', trial, fingerprint }))
    const directory = await folder()
    await writeReport(buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs } }, annotations: [] }]), directory)
    const text = await readFile(join(directory, RUNS_FILE), 'utf8')
    const read = (await readRunsFile(join(directory, RUNS_FILE))).runs
    const [first, second] = read
    if (first === undefined || second === undefined) throw new Error('two runs were written')
    expect(second.run.categories).toBe(first.run.categories)
    expect(second.fingerprint).toBe(first.fingerprint)
    expect(Object.isFrozen(first.run.categories) && Object.isFrozen(first.fingerprint)).toBe(true)
    // The same values as the lines hold, each run's own where they differ.
    const lines = text.trim().split('\n').slice(1).map((line) => JSON.parse(line) as { run: Record<string, unknown>; fingerprint: unknown })
    for (const [position, entry] of read.entries()) {
      const { milestones: _milestones, minefields: _minefields, ...summarized } = lines[position]?.run ?? {}
      expect(entry.run).toEqual(summarized)
      expect(entry.fingerprint).toEqual(lines[position]?.fingerprint)
    }
    expect(read.map((entry) => entry.run.trial)).toEqual([0, 1, 2])
  })
})

describe('runCosts', () => {
  test("gives each run line's id, test, trial, duration and usage in the file's order, reading the line's start and end, and leaves out what it cannot read", async () => {
    const directory = await folder()
    const runs = [0, 1, 2].map((trial) => runRecord({ trial, fingerprint }))
    await writeReport(buildReport([testOf('t', runs)]), directory)
    const file = join(directory, RUNS_FILE)
    const written = (await readRunsFile(file)).runs
    // A line as toolcheck writes it ends with its duration; one written before durations were
    // kept has none; keys in another order are parsed whole; a line that is not JSON, a problem
    // and a line cut off are left out.
    const [first, second, third] = (await readFile(file, 'utf8')).trim().split('\n').slice(1).map((line) => JSON.parse(line) as RunLine)
    await writeFile(
      file,
      [
        JSON.stringify(runsFileHeader({})),
        runLineText({ ...(first as RunLine), durationMs: 12.5 }),
        runLineText(second as RunLine),
        JSON.stringify({ durationMs: 7, transcript: third?.transcript, run: third?.run }),
        'not JSON',
        JSON.stringify({ problem: { file: 'a', test: 't', message: 'broke' } }),
        runLineText({ ...(first as RunLine), durationMs: 3 }).slice(0, 40),
      ].join('\n'),
    )
    const read = []
    for await (const run of runCosts(file)) read.push(run)
    const usage = { calls: 0, cachedCalls: 0, promptTokens: 0, completionTokens: 0 }
    expect(read).toEqual([
      { id: written[0]?.run.id, test: 't', trial: 0, durationMs: 12.5, usage },
      { id: written[1]?.run.id, test: 't', trial: 1, durationMs: undefined, usage },
      { id: written[2]?.run.id, test: 't', trial: 2, durationMs: undefined, usage },
    ])
  })
})

