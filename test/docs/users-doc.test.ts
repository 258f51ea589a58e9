import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { closeUserModules } from '../../scenarios/eval/import-user-module.ts'
import { loadEvalUser } from '../../scenarios/eval/load-eval-user.ts'
import { checkGates, formatGates } from '../../src/gates/check-gates.ts'
import { formatSummary } from '../../src/reporter/format-summary.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { playPreparedRun, prepareRun } from '../../src/vitest/play-run.ts'
import { toRunRecord } from '../../src/vitest/record-scenario-run.ts'
import { reportOfRecords } from '../reporter/sample-records.ts'
import { blocks } from './doc-blocks.ts'

const page = readFileSync(new URL('../../docs/users.md', import.meta.url), 'utf8')
const folders: string[] = []
afterAll(async () => {
  await closeUserModules()
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
})

test("the worked example's user module, played as the page says, gives the summary and gate lines the page shows", async () => {
  const module = blocks(page, 'docs/users.md').find((block) => block.marker === 'worked example: the user module')
  if (module === undefined) throw new Error('docs/users.md has no block marked "worked example: the user module"')
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-users-doc-'))
  folders.push(folder)
  const file = join(folder, 'quit-user.ts')
  await writeFile(file, module.text)
  const user = await loadEvalUser(file)
  const records = []
  for (const scenario of builtInScenarios({ category: 'MULTIPLE_USER_TURN' })) {
    const ready = await prepareRun(scenario, {})
    if (ready === undefined) continue
    const run = await playPreparedRun(ready, { agent: referenceAgent(), user, trial: 0 })
    records.push(toRunRecord(run.scenario, run.trajectory, run.evaluation ?? never(), 0, { userPart: run.userPart }))
  }
  const report = reportOfRecords(records)
  const summary = formatSummary(report).split('\n')
  // The page's output, but for the agent's name (the sample report's) and the first run listed (its order).
  expect(page).toContain(summary[0]?.replace('agent agent', 'agent reference'))
  expect(page).toContain(summary[1])
  expect(page).toContain(summary[2])
  expect(page).toContain(formatGates(checkGates(report, { maxUserErrors: 3 })).split('\n')[1])
})

function never(): never {
  throw new Error('a played run has its evaluation')
}
