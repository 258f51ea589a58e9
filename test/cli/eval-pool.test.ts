import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import type { EvalOutcome, EvalUnit } from '../../scenarios/eval/eval-messages.ts'
import { startEvalPool } from '../../src/cli/eval-pool.ts'

const FARM = fileURLToPath(new URL('../e2e/fixtures/farm/farm.ts', import.meta.url))
const WILD = fileURLToPath(new URL('../e2e/fixtures/farm/wild.ts', import.meta.url))

/**
 * Plays the wild farm on one worker, four runs at a time, so the tools that break their thread do
 * it with innocent runs in flight beside them.
 */
async function playWild(): Promise<Map<string, EvalOutcome[]>> {
  const pool = startEvalPool({
    workers: 1,
    env: process.env,
    // Small enough that the grain store runs out of it quickly.
    memoryMb: 192,
    setup: { settings: { variants: 'plain', domainModules: [WILD], scenarioPaths: [WILD], agentModule: FARM }, agentSpec: 'reference', userSpec: 'scripted', scoring: 'toolcheck', concurrency: 4, runTimeoutMs: 60_000 },
  })
  try {
    const ready = await pool.ready
    if (ready.kind !== 'ready') throw new Error(ready.problems.join('\n'))
    const units = ready.cases.flatMap((_, index) => [0, 1].map((trial): EvalUnit => ({ case: index, trial })))
    const outcomes = new Map<string, EvalOutcome[]>()
    await pool.play(
      units,
      (unit) => ready.cases[unit.case]?.scenario ?? '',
      (unit, outcome) => {
        const scenario = ready.cases[unit.case]?.scenario ?? ''
        outcomes.set(scenario, [...(outcomes.get(scenario) ?? []), outcome])
      },
    )
    return outcomes
  } finally {
    await pool.close()
  }
}

const verdicts = (outcomes: readonly EvalOutcome[] | undefined) => (outcomes ?? []).map((outcome) => (outcome.kind === 'run' ? `${outcome.run.status}${outcome.run.error === undefined ? '' : `:${outcome.run.error.culprit}:${outcome.run.error.kind}`}` : outcome.kind))

describe('the eval pool contains what a run does to its worker', () => {
  test("tool calls process.exit, tool leaves a rejected promise, tool exhausts its worker's memory, runs in flight on a worker that died: each tool ends only its own run, and the runs beside it are played again and pass", async () => {
    const outcomes = await playWild()
    expect(verdicts(outcomes.get('close-gate'))).toEqual(['error:domain:tool-threw', 'error:domain:tool-threw'])
    expect(verdicts(outcomes.get('sell-eggs'))).toEqual(['error:domain:tool-threw', 'error:domain:tool-threw'])
    expect(verdicts(outcomes.get('store-grain'))).toEqual(['error:domain:tool-threw', 'error:domain:tool-threw'])
    const gate = outcomes.get('close-gate')?.[0]
    expect(gate?.kind === 'run' ? gate.run.error?.message : '').toContain('process.exit(3) was called')
    const eggs = outcomes.get('sell-eggs')?.[0]
    expect(eggs?.kind === 'run' ? eggs.run.error?.message : '').toContain('no buyers at the market')
    const grain = outcomes.get('store-grain')?.[0]
    expect(grain?.kind === 'run' ? grain.run.error?.message : '').toContain('its worker thread died while the tool ran')
    const innocent = [...outcomes].filter(([scenario]) => scenario.startsWith('count-pens-')).flatMap(([, list]) => verdicts(list))
    expect(innocent).toEqual(Array(12).fill('completed'))
  }, 180_000)
})
