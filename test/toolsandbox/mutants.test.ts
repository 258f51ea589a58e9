import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { CATEGORY_OPERATORS, mutantsOf, referenceResults, wrongValue } from '../../scenarios/toolsandbox/mutants.ts'
import type { Mutant } from '../../scenarios/toolsandbox/mutants.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario, ToolSandboxCategory } from '../../src/scenario/index.ts'

interface Outcome {
  readonly mutant: Mutant
  readonly score: number
  readonly status: string
  readonly killed: boolean
  /** Killed when scored as ToolSandbox scores (`scoring: 'toolsandbox'`). */
  readonly killedInToolSandboxScoring: boolean
}

async function play(scenario: Scenario): Promise<{ score: number; toolSandboxScore: number; status: string; results: ReturnType<typeof referenceResults> }> {
  const trajectory = await runScenario(scenario, { agent: referenceAgent() })
  const result = await evaluate(trajectory, scenario)
  // Scored as ToolSandbox scores, a run is played as ToolSandbox plays it (its order of parallel calls).
  const asToolSandbox = await evaluate(await runScenario(scenario, { agent: referenceAgent(), scoring: 'toolsandbox' }), scenario)
  return { score: result.score, toolSandboxScore: asToolSandbox.score, status: trajectory.status, results: referenceResults(trajectory) }
}

/** Plays every mutant of every built-in scenario once (a few hundred offline runs). */
async function mutationRun(): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const scenario of builtInScenarios()) {
    const original = await play(scenario)
    for (const mutant of mutantsOf(scenario, { results: original.results })) {
      const played = await play(mutant.scenario)
      // An infrastructure error is never an agent failure, so it does not count as a kill.
      outcomes.push({
        mutant,
        score: played.score,
        status: played.status,
        killed: played.status !== 'error' && played.score < 1,
        killedInToolSandboxScoring: played.status !== 'error' && played.toolSandboxScore < 1,
      })
    }
  }
  return outcomes
}

describe('mutants of the reference solutions', () => {
  let outcomes: Outcome[] = []

  test('every scenario yields mutants, all valid scenarios', async () => {
    outcomes = await mutationRun()
    const mutated = new Set(outcomes.map((outcome) => outcome.mutant.original))
    expect(builtInScenarios().filter((scenario) => !mutated.has(scenario.id)).map((scenario) => scenario.id)).toEqual([])
  })

  test("each category's own mutant exists for every scenario of the category and is always killed", () => {
    const missing: string[] = []
    const survivors: string[] = []
    for (const [category, operator] of Object.entries(CATEGORY_OPERATORS)) {
      for (const scenario of builtInScenarios({ category: category as ToolSandboxCategory })) {
        const own = outcomes.filter((outcome) => outcome.mutant.original === scenario.id && outcome.mutant.operator === operator)
        if (own.length === 0) missing.push(`${scenario.id} (${operator})`)
        for (const outcome of own.filter((candidate) => !candidate.killed)) survivors.push(`${outcome.mutant.scenario.id}: ${outcome.mutant.description}`)
      }
    }
    expect(missing).toEqual([])
    expect(survivors).toEqual([])
  })

  test('at least 90 % of all mutants are killed; the survivors are listed', () => {
    const killed = outcomes.filter((outcome) => outcome.killed).length
    const score = killed / outcomes.length
    const byOperator = new Map<string, { killed: number; total: number }>()
    for (const outcome of outcomes) {
      const entry = byOperator.get(outcome.mutant.operator) ?? { killed: 0, total: 0 }
      byOperator.set(outcome.mutant.operator, { killed: entry.killed + (outcome.killed ? 1 : 0), total: entry.total + 1 })
    }
    const lines = [
      `mutation score: ${killed}/${outcomes.length} mutants killed (${(score * 100).toFixed(1)} %)`,
      ...[...byOperator].map(([operator, entry]) => `  ${operator.padEnd(24)} ${entry.killed}/${entry.total}`),
      ...outcomes.filter((outcome) => !outcome.killed).map((outcome) => `  survived: ${outcome.mutant.scenario.id}: ${outcome.mutant.description}`),
    ]
    const inToolSandboxScoring = outcomes.filter((outcome) => outcome.killedInToolSandboxScoring).length
    lines.push(`mutation score in ToolSandbox scoring: ${inToolSandboxScoring}/${outcomes.length}`)
    lines.push(...outcomes.filter((outcome) => outcome.killed !== outcome.killedInToolSandboxScoring).map((outcome) => `  ${outcome.killed ? 'survives only' : 'killed only'} in ToolSandbox scoring: ${outcome.mutant.scenario.id}`))
    console.log(lines.join('\n'))
    expect(score).toBeGreaterThanOrEqual(0.9)
    expect(inToolSandboxScoring / outcomes.length).toBeGreaterThanOrEqual(0.9)
  })
})

describe('wrongValue', () => {
  test('gives a different value of the same kind', () => {
    expect(wrongValue(1_778_778_000)).toBe(1_778_781_600)
    expect(wrongValue(15)).toBe(16)
    expect(wrongValue(true)).toBe(false)
    expect(wrongValue('+14155550109')).toBe('+14155550100')
    expect(wrongValue('Pay the water bill')).not.toBe('Pay the water bill')
    expect(wrongValue({ latitude: 37.7, longitude: -122.4 })).toEqual({ latitude: 38.7, longitude: -121.4 })
  })
})

describe('mutantsOf', () => {
  test('guesses instead of asking by dropping the question and changing what the answer supplied', () => {
    const [scenario] = builtInScenarios({ ids: ['ask-number-of-plumber'] })
    const guess = mutantsOf(scenario!).find((mutant) => mutant.operator === 'guess-instead-of-asking')
    expect(guess?.description).toContain('send_message_with_phone_number.phone_number')
    expect(guess?.scenario.reference.some((step) => 'user' in step && step.user === 'say')).toBe(false)
  })

  test('a withheld tool is moved to the allow list so the call runs', () => {
    const [scenario] = builtInScenarios({ ids: ['remind-tomorrow-without-clock'] })
    const withheld = mutantsOf(scenario!).find((mutant) => mutant.operator === 'call-withheld-tool' && mutant.description.includes('get_current_timestamp'))
    expect(withheld?.scenario.tools.deny).not.toContain('get_current_timestamp')
    expect(withheld?.scenario.tools.allow).toContain('get_current_timestamp')
  })

  test('merging a state fix with the call that needs it makes one parallel step', () => {
    const [scenario] = builtInScenarios({ ids: ['send-message-to-elena-cellular-off'] })
    const merged = mutantsOf(scenario!).find((mutant) => mutant.operator === 'merge-dependent-calls' && mutant.description.includes('set_cellular_service_status'))
    const step = merged?.scenario.reference.find((candidate) => 'calls' in candidate && candidate.calls.length === 2)
    expect(step && 'calls' in step ? step.calls.map((call) => call.tool) : []).toEqual(['set_cellular_service_status', 'send_message_with_phone_number'])
  })
})
