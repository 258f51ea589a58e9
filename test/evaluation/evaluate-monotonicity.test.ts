import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { EvaluationResult } from '../../src/evaluation/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { referenceWithoutCall } from './reference-without-call.ts'

/**
 * Monotonicity on real scenarios. A milestone's similarity at a message depends only on that
 * message, the world after it and the messages other milestones were placed at, so a prefix of a
 * trajectory offers the matcher a subset of the placements of the whole: its best milestone score
 * can never be higher, and its worst minefield score never higher either. A matcher that misses
 * the optimum, or a constraint that reads past its message, breaks this.
 */
const IDS = [
  'restore-all-services-after-low-battery-mode',
  'send-message-to-elena-cellular-off',
  'send-message-to-priya-low-battery',
  'remind-here-tomorrow-low-battery',
  'days-until-thanksgiving-low-battery',
  'weather-here-today-wifi-off',
  'ask-number-of-tutor-cellular-off',
  'change-number-of-sam',
  'remove-contact-aiko',
  'delete-car-registration-reminder',
  'postpone-birthday-dinner-reminder-by-a-day',
]

interface Played {
  readonly scenario: Scenario
  readonly trajectory: Trajectory
  readonly result: EvaluationResult
}

const played = new Map<string, Played>()

beforeAll(async () => {
  for (const scenario of builtInScenarios({ ids: IDS })) {
    const trajectory = await runScenario(scenario, { agent: referenceAgent() })
    played.set(scenario.id, { scenario, trajectory, result: await evaluate(trajectory, scenario) })
  }
})

const get = (id: string) => played.get(id) as Played

/** The trajectory as it stood after its first `length` messages. */
function prefix(trajectory: Trajectory, length: number): Trajectory {
  const messages = trajectory.messages.slice(0, length)
  const lastSnapshot = messages.reduce((highest, message) => Math.max(highest, message.snapshot), 0)
  return {
    ...trajectory,
    messages,
    snapshots: trajectory.snapshots.slice(0, lastSnapshot + 1),
    traces: messages.flatMap((message) => (message.toolResult === undefined ? [] : [message.toolResult])),
    turns: Math.max(0, length - 1 - trajectory.firstUserMessageIndex),
    status: 'max-turns',
  }
}

/** Messages after which the world differs from the world before them. */
function worldChanges(trajectory: Trajectory): number[] {
  return trajectory.messages.flatMap((message, index) => (index > 0 && message.snapshot !== trajectory.messages[index - 1]?.snapshot ? [index] : []))
}

function expectWellFormed(result: EvaluationResult): void {
  for (const value of [result.score, result.milestoneScore, result.minefieldScore, ...result.milestones.map((match) => match.similarity)]) {
    expect(Number.isFinite(value)).toBe(true)
    expect(value).toBeGreaterThanOrEqual(0)
    expect(value).toBeLessThanOrEqual(1)
  }
}

describe('evaluation is monotone on built-in scenarios', () => {
  test('the reference runs score 1, each with world changes to take away', () => {
    expect([...played.keys()].sort()).toEqual([...IDS].sort())
    for (const { scenario, trajectory, result } of played.values()) {
      expect(trajectory.status, scenario.id).toBe('completed')
      expect(result.score, scenario.id).toBe(1)
      expect(result.minefieldHit, scenario.id).toBe(false)
      expect(worldChanges(trajectory).length, scenario.id).toBeGreaterThan(0)
    }
  })

  test('a longer prefix never scores lower: milestones and minefields alike', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...IDS), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), async (id, first, second) => {
        const { scenario, trajectory } = get(id)
        // Prefixes from the first user message to the whole trajectory.
        const shortest = trajectory.firstUserMessageIndex + 1
        const span = trajectory.messages.length - shortest
        const [shorter, longer] = [shortest + Math.floor(Math.min(first, second) * span), shortest + Math.floor(Math.max(first, second) * span)]
        const short = await evaluate(prefix(trajectory, shorter), scenario)
        const long = await evaluate(prefix(trajectory, longer), scenario)
        expectWellFormed(short)
        expectWellFormed(long)
        expect(short.milestoneScore).toBeLessThanOrEqual(long.milestoneScore + 1e-12)
        expect(short.minefieldScore).toBeLessThanOrEqual(long.minefieldScore + 1e-12)
        expect(short.score).toBeLessThanOrEqual(get(id).result.score)
      }),
      { numRuns: 60 },
    )
  })

  test('stopping just before the last world change always costs something', async () => {
    // Every chosen scenario checks its final change, so without it some milestone falls short.
    for (const { scenario, trajectory } of played.values()) {
      const last = worldChanges(trajectory).at(-1) as number
      const result = await evaluate(prefix(trajectory, last), scenario)
      expectWellFormed(result)
      expect(result.score, scenario.id).toBeLessThan(1)
    }
  })

  test("taking one tool call's effect away never scores higher than the full run", async () => {
    const callCounts = new Map([...played.values()].map(({ scenario, trajectory }) => [scenario.id, trajectory.traces.length]))
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...IDS), fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), async (id, at) => {
        const { scenario, result: full } = get(id)
        const skip = Math.floor(at * (callCounts.get(id) as number))
        const trajectory = await runScenario(scenario, { agent: referenceWithoutCall(skip) })
        const result = await evaluate(trajectory, scenario)
        expectWellFormed(result)
        expect(result.score).toBeLessThanOrEqual(full.score)
        expect(result.milestoneScore).toBeLessThanOrEqual(full.milestoneScore)
      }),
      { numRuns: 40 },
    )
  })

  test('in every chosen scenario, taking away some world-changing call lowers the score', async () => {
    for (const { scenario, trajectory } of played.values()) {
      const scores: number[] = []
      for (let skip = 0; skip < trajectory.traces.length; skip++) {
        const changed = await runScenario(scenario, { agent: referenceWithoutCall(skip) })
        scores.push((await evaluate(changed, scenario)).score)
      }
      expect(Math.min(...scores), scenario.id).toBeLessThan(1)
    }
  })
})
