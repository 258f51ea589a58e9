import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { runEval } from '../../src/cli/eval.ts'
import { runImportCommand } from '../../src/cli/import-command.ts'
import type { Report } from '../../src/reporter/report.ts'
import { reportDirectory } from './run-fixture.ts'
import { TOOLSANDBOX_CHECKOUT } from './toolsandbox-checkout.ts'

const CHECKOUT = TOOLSANDBOX_CHECKOUT
const scratch = await mkdtemp(join(tmpdir(), 'toolcheck-import-'))
afterAll(() => rm(scratch, { recursive: true, force: true }))

function capture() {
  const output = { stdout: '', stderr: '' }
  return { output, io: { stdout: (text: string) => void (output.stdout += text), stderr: (text: string) => void (output.stderr += text) } }
}

interface ImportedEntry {
  readonly id: string
  readonly reference: boolean
  readonly caveats: readonly string[]
}

describe.skipIf(!existsSync(CHECKOUT))('toolcheck import toolsandbox, on a real checkout', () => {
  test("imports all 129 base scenarios with ToolSandbox's names, and the reference agent passes every one that has a reference solution", async () => {
    const out = join(scratch, 'toolsandbox')
    const imported = capture()
    expect(await runImportCommand(['toolsandbox', CHECKOUT, '--out', out, '--json'], imported.io)).toBe(0)
    const result = JSON.parse(imported.output.stdout) as { imported: ImportedEntry[]; skipped: unknown[]; constraints: number }
    expect(result.skipped).toEqual([])
    expect(result.imported).toHaveLength(129)
    expect(result.constraints).toBe(374)
    const withReference = result.imported.filter((entry) => entry.reference).map((entry) => entry.id)
    expect(withReference.length).toBeGreaterThanOrEqual(123)
    expect((await readdir(out)).sort()).toEqual(result.imported.map((entry) => `${entry.id}.json`).sort())
    expect(result.imported.map((entry) => entry.id)).toEqual(expect.arrayContaining(['get_cellular', 'send_message_with_contact_content_cellular_off', 'find_days_till_holiday']))
    // The two scenarios broken upstream are marked, not dropped: one expects unit_conversion, which
    // it never offers; the other needs the location service, which nothing it offers switches on.
    const defective = result.imported.filter((entry) => entry.caveats.some((caveat) => caveat.startsWith('upstream-defect')))
    expect(defective.map((entry) => [entry.id, entry.caveats])).toEqual([
      ['find_temperature_f_with_location_and_time_diff_low_battery_mode_multiple_user_turn', [expect.stringMatching(/^upstream-defect: .*unit_conversion/)]],
      ['add_reminder_content_and_week_delta_and_time_and_location_low_battery_mode_multiple_user_turn_alt', [expect.stringMatching(/^upstream-defect: .*location service/)]],
    ])

    // What the offline web tools cannot answer is marked, never silently wrong: a Whole Foods that
    // ToolSandbox's live search found.
    const live = result.imported.filter((entry) => entry.caveats.some((caveat) => caveat.startsWith('needs-live-data')))
    expect(live.map((entry) => entry.id).sort()).toEqual([
      'add_reminder_content_and_week_delta_and_time_and_location',
      'add_reminder_content_and_week_delta_and_time_and_location_alt',
      'add_reminder_content_and_week_delta_and_time_and_location_multiple_user_turn',
      'add_reminder_content_and_week_delta_and_time_and_location_multiple_user_turn_alt',
    ])

    const reportDir = reportDirectory('import-toolsandbox')
    const played = capture()
    const code = await runEval(['--scenarios', out, '--variants', 'plain', '--report-dir', reportDir], played.io)
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as Report
    expect(report.runs).toHaveLength(123)
    expect(report.settings?.scoring).toBe('toolsandbox')
    const byScenario = new Map(report.runs.map((run) => [run.scenario, run]))
    const failing = withReference.filter((id) => byScenario.get(id)?.score !== 1).map((id) => `${id}: ${JSON.stringify(byScenario.get(id)?.score)}`)
    expect(failing).toEqual([])
    // Without a reference solution the reference agent cannot play: the run is not played, and the summary says why.
    const without = result.imported.filter((entry) => !entry.reference).map((entry) => entry.id)
    expect(without).toHaveLength(6)
    for (const id of without) expect(byScenario.has(id)).toBe(false)
    // All 6 carry a caveat (4 need live data, 2 are broken upstream), which is the reason given.
    expect(played.output.stdout).toContain(`6 runs not played:\n  ${without.toSorted()[0]} is not played (needs-live-data): `)
    expect(code).toBe(0)
  })

  test('a folder that is not a checkout, or a missing Python, is a clear message and exit code 1, and writes nothing', async () => {
    const out = join(scratch, 'nothing')
    const notCheckout = capture()
    expect(await runImportCommand(['toolsandbox', scratch, '--out', out], notCheckout.io)).toBe(1)
    expect(notCheckout.output.stderr).toContain(`${scratch} is not a ToolSandbox checkout`)
    const noPython = capture()
    expect(await runImportCommand(['toolsandbox', CHECKOUT, '--out', out, '--python', join(scratch, 'no-such-python')], noPython.io)).toBe(1)
    expect(noPython.output.stderr).toMatch(/no-such-python was not found; ToolSandbox's scenarios are Python code/)
    expect(existsSync(out)).toBe(false)
  })
})
