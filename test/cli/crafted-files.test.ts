import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { main } from '../../src/cli/main.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { writeReport } from '../../src/reporter/write-report.ts'
import { runRecord } from '../reporter/sample-records.ts'
import type { CraftedFile } from './crafted-files.ts'
import { craftedReports, craftedShards } from './crafted-files.ts'

let directory = ''
let written = ''
const fingerprint = { world: 'w1', tools: 't1', user: 'u1', milestones: 'm1', minefields: 'f1' }

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'toolcheck-crafted-'))
  written = join(directory, 'written')
  const runs = [runRecord({ scenario: 'a', fingerprint }), runRecord({ scenario: 'a', trial: 1, score: 0, fingerprint }), runRecord({ scenario: 'b', categories: ['STATE_DEPENDENCY'], fingerprint })]
  await writeReport(buildReport([{ id: 't', fullName: 't', file: 'a.test.ts', state: 'passed', attempts: [], meta: { toolcheck: { runs } }, annotations: [] }]), written)
})
afterAll(() => rm(directory, { recursive: true, force: true }))

/** What a command did with a crafted file: its exit code and output, or the error it threw. */
async function commandOn(args: readonly string[]): Promise<{ code?: number; stderr: string; threw?: unknown }> {
  let stderr = ''
  const io = { stdout: () => {}, stderr: (text: string) => void (stderr += text) }
  try {
    return { code: await main([...args], io), stderr }
  } catch (error) {
    return { threw: error, stderr }
  }
}

/**
 * A crafted file either still reads as what it claims to be (exit 0, or 4 for compare's verdict)
 * or is refused as bad input: exit 2, one line naming the file, no stack.
 */
function expectClean(file: CraftedFile, outcome: { code?: number; stderr: string; threw?: unknown }, accepted: readonly number[]): void {
  expect(outcome.threw, `${file.name}: ${String((outcome.threw as Error | undefined)?.stack)}`).toBeUndefined()
  if (accepted.includes(outcome.code ?? -1)) return
  expect(outcome.code, `${file.name}: ${outcome.stderr}`).toBe(2)
  expect(outcome.stderr.trimEnd().split('\n'), file.name).toHaveLength(1)
  expect(outcome.stderr, file.name).not.toMatch(/\n\s+at /)
}

describe('crafted report.json files given to toolcheck compare', () => {
  test('every one is compared or refused with exit code 2 and one line, never a stack', async () => {
    const files = craftedReports(JSON.parse(await readFile(join(written, 'report.json'), 'utf8')) as Record<string, never>)
    expect(files.length).toBeGreaterThan(200)
    const refused: string[] = []
    for (const [position, file] of files.entries()) {
      const folder = join(directory, `report-${position}`)
      await mkdir(folder)
      await writeFile(join(folder, 'report.json'), file.text)
      const outcome = await commandOn(['compare', written, folder])
      expectClean(file, outcome, [0, 4])
      if (outcome.code === 2) refused.push(file.name)
    }
    expect(refused).toContain('cut in half')
    expect(refused).toContain('runs.0.score is a text')
  })
})

describe('crafted shards given to toolcheck merge', () => {
  test('every one is merged or refused with exit code 2 and one line, never a stack', async () => {
    const lines = (await readFile(join(written, 'runs.jsonl'), 'utf8')).trimEnd().split('\n')
    const files = craftedShards(lines)
    expect(files.length).toBeGreaterThan(150)
    const refused: string[] = []
    for (const [position, file] of files.entries()) {
      const folder = join(directory, `shard-${position}`)
      await mkdir(folder)
      await writeFile(join(folder, 'runs.jsonl'), file.text)
      const outcome = await commandOn(['merge', folder, '--report-dir', join(directory, `merged-${position}`)])
      expectClean(file, outcome, [0])
      if (outcome.code === 2) refused.push(file.name)
    }
    expect(refused).toContain('binary bytes')
    expect(refused).toContain('run.score is a text')
    expect(refused).toContain('transcript.messages.0.content missing')
  })
})

describe('a FIFO where a report or a runs file should be', () => {
  test('compare and merge refuse a FIFO with exit 2 and one line instead of waiting on it forever', async () => {
    const folder = join(directory, 'fifo')
    await mkdir(folder)
    execFileSync('mkfifo', [join(folder, 'report.json'), join(folder, 'runs.jsonl')])
    const compared = await commandOn(['compare', written, folder])
    expect(compared).toEqual({ code: 2, stderr: `toolcheck compare: ${join(folder, 'report.json')}: not a regular file (a folder, FIFO or device), so not a toolcheck report\n` })
    const merged = await commandOn(['merge', folder, '--report-dir', join(directory, 'merged-fifo')])
    expect(merged).toEqual({ code: 2, stderr: `toolcheck merge: ${join(folder, 'runs.jsonl')}: not a regular file (a folder, FIFO or device), so not a toolcheck runs file\n` })
  })
})
