import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { augmentation } from '../../generators/index.ts'
import { AUGMENTATION_COLUMNS, augmentationColumns, defineAugmentation, PLAIN_AUGMENTATION } from '../../src/augmentation/index.ts'
import { buildReport } from '../../src/reporter/build-report.ts'
import { functionAgent } from '../../src/roles/function-agent.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { InfrastructureError } from '../../src/roles/types.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { readRunRecords } from '../../src/vitest/run-metadata.ts'
import { checkSweep, SweepFailure, sweepFailureMessage, sweepScenario } from '../../src/vitest/sweep.ts'

/** Wi-Fi starts off; the user wants it on. One milestone: the setting changed. */
const wifiScenario = defineScenario({
  id: 'sweep-turn-on-wifi',
  categories: ['SINGLE_TOOL_CALL'],
  world: { settings: { wifi: false } },
  user: { goal: 'Get Wi-Fi turned on.', knowledge: 'Nothing else.' },
  firstMessage: 'Please switch my wifi on.',
  paraphrases: [{ text: 'Turn on Wi-Fi for me.' }],
  tools: { allow: ['get_wifi_status', 'set_wifi_status', 'get_cellular_service_status'] },
  milestones: [{ name: 'wifi on', constraints: [{ kind: 'updated', table: 'settings', rows: [{ wifi: true }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] }, { agent: 'say', content: 'Wi-Fi is on now.' }, { user: 'end' }],
})

/**
 * A fragile agent: it finds the Wi-Fi switch only by reading tool descriptions, and is robust to
 * everything else (it uses whatever name and argument name it is shown, and ignores the user's
 * words).
 */
const fragileAgent = functionAgent(
  ({ tools, latestToolResults }) => {
    if (latestToolResults().length > 0) return 'Wi-Fi is on now.'
    const wifiSwitch = tools.find((spec) => /turns wi-fi on or off/i.test(spec.description))
    if (wifiSwitch === undefined) return 'Sorry, I cannot find a way to do that.'
    const argument = Object.keys(wifiSwitch.parameters.properties as object)[0] ?? 'on'
    return [{ name: wifiSwitch.name, arguments: { [argument]: true } }]
  },
  { name: 'fragile' },
)

describe('sweepScenario', () => {
  test('the reference agent passes every augmentation', async () => {
    const report = await sweepScenario(wifiScenario, augmentation({ scenario: wifiScenario }), { agent: referenceAgent(), numRuns: 25, seed: 3 })
    expect(report.passed).toBe(true)
    expect(report.runs.length).toBeGreaterThan(5)
    expect(report.runs.every((run) => run.score === 1)).toBe(true)
  })

  test('shrinks a fragile agent’s failure to exactly the one description it relies on', async () => {
    const attempt = sweepScenario(wifiScenario, augmentation({ scenario: wifiScenario }), { agent: fragileAgent, numRuns: 40, seed: 7 })
    await expect(attempt).rejects.toThrow(SweepFailure)
    const failure = (await attempt.catch((error: unknown) => error)) as SweepFailure
    const report = failure.report
    expect(report.passed).toBe(false)
    expect(report.counterexample?.augmentation).toEqual({ ...PLAIN_AUGMENTATION, removedDescriptions: ['set_wifi_status'] })
    expect(report.counterexample?.description).toBe('description of set_wifi_status removed')
    expect(report.counterexample?.kind).toBe('tool descriptions removed')
    expect(report.counterexample?.score).toBe(0)
    expect(failure.message).toContain('score 0 (needs 1) under: description of set_wifi_status removed')
    expect(failure.message).toContain('why: milestone wifi on not reached')
    // The fragile agent could not find the switch and said so: that is what the failure quotes.
    expect(failure.message).toContain(`nothing came close; the agent's last words: at message 3 the agent said "Sorry, I cannot find a way to do that."`)
    expect(failure.message).toMatch(/replay: \{ seed: 7, path: "[0-9:]+" \}/)
    expect(report.path).toBeDefined()

    // Replaying with the seed and path plays only the shrunk case.
    const replay = await checkSweep(wifiScenario, augmentation({ scenario: wifiScenario }), { agent: fragileAgent, seed: report.seed, path: report.path as string })
    expect(replay.passed).toBe(false)
    expect(replay.counterexample?.augmentation).toEqual(report.counterexample?.augmentation)
    expect(replay.runs).toHaveLength(1)
  })

  test('the failure quotes what the agent did at the failing milestone and names the scrambled tool with its new name', async () => {
    // An agent that calls the Wi-Fi switch by its real name, whatever it is shown: under a scrambled
    // name its call fails, and it then says so to the user.
    const byName = functionAgent(
      ({ latestToolResults }) => {
        const [result] = latestToolResults()
        if (result !== undefined) return result.error === undefined ? 'Wi-Fi is on now.' : `That did not work: ${result.error.message}`
        return [{ name: 'set_wifi_status', arguments: { on: true } }]
      },
      { name: 'by-name' },
    )
    const names = augmentation({ scenario: wifiScenario, scrambles: ['scrambledNames'], paraphrase: false, distractionCounts: [0] })
    const attempt = await sweepScenario(wifiScenario, names, { agent: byName, numRuns: 20, seed: 4 }).catch((error: unknown) => error)
    if (!(attempt instanceof SweepFailure)) throw new Error('the sweep should fail')
    const shown = attempt.report.counterexample?.trajectory.tools?.find((spec) => spec.tool === 'set_wifi_status')?.name
    expect(shown).toMatch(/^\w+_\d+$/)
    expect(attempt.message).toContain('under: name of set_wifi_status scrambled')
    expect(attempt.message).toContain('why: milestone wifi on not reached, and no message comes close')
    expect(attempt.message).toMatch(/nothing came close; the agent's last call and words: at message 4 the agent called set_wifi_status \{"on":true\}; it failed: there is no tool named `set_wifi_status`.*; at message 5 the agent said "That did not work/)
    expect(attempt.message).toContain(`scrambled names: set_wifi_status is shown as ${shown}`)
    expect(attempt.message).toMatch(/replay: \{ seed: 4, path: "[0-9:]+" \}/)
  })

  test.for([1, 2, 3, 42, 1000])('with seed %i too, the shrunk counterexample is that one description removal', async (seed) => {
    const report = await checkSweep(wifiScenario, augmentation({ scenario: wifiScenario }), { agent: fragileAgent, numRuns: 40, seed })
    expect(report.passed).toBe(false)
    expect(report.counterexample?.description).toBe('description of set_wifi_status removed')
  })

  test('the fragile agent survives everything but description removal', async () => {
    const everythingElse = augmentation({ scenario: wifiScenario, scrambles: ['scrambledNames', 'removedArgumentDescriptions', 'removedArgumentTypes', 'renamedArguments'] })
    const report = await checkSweep(wifiScenario, everythingElse, { agent: fragileAgent, numRuns: 25, seed: 5 })
    expect(report.passed).toBe(true)
    expect(report.runs.some((run) => run.augmentation.renamedArguments.length > 0 && run.augmentation.scrambledNames.length > 0)).toBe(true)
  })

  test('returns data for every distinct augmentation, once each', async () => {
    const report = await checkSweep(wifiScenario, fc.constantFrom(PLAIN_AUGMENTATION, defineAugmentation({ distractionTools: 3 })), { agent: referenceAgent(), numRuns: 10 })
    expect(report.passed).toBe(true)
    expect(report.runs.map((run) => run.kind).sort()).toEqual(['3 distraction tools', 'none'])
    expect(report.runs.every((run) => run.trajectory.augmentation === run.kind)).toBe(true)
  })

  test('records the worst run of each augmentation kind in the test’s metadata', async () => {
    const task = { meta: {} as Record<string, unknown> }
    const report = await checkSweep(wifiScenario, augmentation({ scenario: wifiScenario, paraphrase: false, distractionCounts: [0] }), { agent: fragileAgent, numRuns: 30, seed: 7, task })
    const reading = readRunRecords(task.meta)
    if (reading.kind !== 'runs') throw new Error(`expected recorded runs, got ${reading.kind}`)
    const records = reading.runs
    const kinds = new Set(report.runs.map((run) => run.kind))
    expect(records.map((record) => record.augmentation).sort()).toEqual([...kinds].sort())
    expect(records.every((record) => record.agent === 'fragile' && record.scenario === wifiScenario.id)).toBe(true)
    // Some run of a kind that removes descriptions failed, and the record of that kind shows it.
    const descriptionKinds = records.filter((record) => record.augmentation.includes('tool descriptions removed'))
    expect(descriptionKinds.some((record) => record.score === 0)).toBe(true)
    expect(records.find((record) => record.augmentation === 'none')?.score ?? 1).toBe(1)
    // Each record lists the columns of its augmentation: the scrambles it contains.
    for (const run of report.runs) expect(run.augmentationColumns).toEqual(augmentationColumns(run.augmentation))
    for (const record of records) expect(record.augmentationColumns).toEqual(report.runs.find((run) => run.kind === record.augmentation)?.augmentationColumns)
    expect(descriptionKinds.every((record) => record.augmentationColumns.includes('tool descriptions removed'))).toBe(true)
  })

  test('the report groups a sweep’s recorded runs by ToolSandbox column, each run under every scramble it contains', async () => {
    const task = { meta: {} as Record<string, unknown> }
    await checkSweep(wifiScenario, augmentation({ scenario: wifiScenario, distractionCounts: [0, 3, 'all'] }), { agent: fragileAgent, numRuns: 30, seed: 7, task })
    const reading = readRunRecords(task.meta)
    if (reading.kind !== 'runs') throw new Error(`expected recorded runs, got ${reading.kind}`)
    const combined = reading.runs.filter((record) => record.augmentationColumns.length > 1)
    expect(combined.length).toBeGreaterThan(0)
    const { report } = buildReport([
      { id: 'sweep', fullName: 'sweep', file: 'sweep.test.ts', state: 'failed', attempts: [{ state: 'failed', repeatIndex: 0, retryIndex: 0 }], meta: task.meta, annotations: [] },
    ])
    const columns = Object.keys(report.summary.byAugmentation)
    // Only table-5 columns (and ours), in their order; no combined labels.
    expect(columns.every((column) => AUGMENTATION_COLUMNS.includes(column))).toBe(true)
    expect(columns).toEqual(AUGMENTATION_COLUMNS.filter((column) => columns.includes(column)))
    expect(report.summary.overall.runs).toBe(reading.runs.length)
    for (const column of columns)
      expect(report.summary.byAugmentation[column]?.runs).toBe(reading.runs.filter((record) => record.augmentationColumns.includes(column)).length)
    expect(report.summary.byAugmentation['tool descriptions removed']?.meanScore).toBeLessThan(1)
    // The runs keep their full labels.
    expect(report.runs.some((run) => run.augmentation.includes(', '))).toBe(true)
  })

  test('runs that end in an infrastructure error are skipped, and a sweep of only those fails saying so', async () => {
    let calls = 0
    const flaky = functionAgent(() => {
      calls++
      if (calls % 2 === 1) throw new InfrastructureError('rate-limit', 'the endpoint refused, try later')
      return 'I cannot help with that.'
    })
    const down = functionAgent(() => {
      throw new InfrastructureError('network', 'the endpoint is unreachable')
    })
    const flakyReport = await checkSweep(wifiScenario, augmentation({ scenario: wifiScenario }), { agent: flaky, numRuns: 10, seed: 2 })
    expect(flakyReport.errors).toBeGreaterThan(0)
    expect(flakyReport.passed).toBe(false)
    expect(flakyReport.counterexample?.status).toBe('completed')

    const downReport = await checkSweep(wifiScenario, augmentation({ scenario: wifiScenario }), { agent: down, numRuns: 10, seed: 2 })
    expect(downReport.passed).toBe(false)
    expect(downReport.runs.length).toBeLessThanOrEqual(20)
    expect(downReport.thrown).toMatch(/infrastructure error to conclude \(\d+; the last: network: the endpoint is unreachable\)/)
    expect(sweepFailureMessage(downReport)).toMatch(/^sweep of sweep-turn-on-wifi with function could not conclude: too many runs/)
  })

  test('augmentations that look the same to the agent are played once', async () => {
    // get_wifi_status has no arguments: renaming or untyping them, or removing its description
    // (kept for a tool without arguments, as in ToolSandbox), changes nothing the agent sees.
    const noOps = fc.constantFrom(
      PLAIN_AUGMENTATION,
      defineAugmentation({ renamedArguments: ['get_wifi_status'] }),
      defineAugmentation({ removedArgumentTypes: ['get_wifi_status'] }),
      defineAugmentation({ removedDescriptions: ['get_wifi_status'] }),
      defineAugmentation({ removedDescriptions: ['set_wifi_status'] }),
    )
    const report = await checkSweep(wifiScenario, noOps, { agent: referenceAgent(), numRuns: 30 })
    expect(report.runs).toHaveLength(5)
    expect(report.plays).toBe(2)
    expect(new Set(report.runs.map((run) => run.trajectory.augmentation))).toEqual(new Set(report.runs.map((run) => run.kind)))
  })

  test('an augmentation that does not fit the scenario fails the sweep with its reason', async () => {
    const report = await checkSweep(wifiScenario, fc.constant(defineAugmentation({ paraphrase: 4 })), { agent: referenceAgent(), numRuns: 1 })
    expect(report.passed).toBe(false)
    expect(report.thrown).toMatch(/paraphrase 4 does not exist/)
  })
})
