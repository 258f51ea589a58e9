import { describe, expect, test } from 'vitest'
import { columnSimilarity, evaluate, hungarian, tableSimilarity } from '../../src/evaluation/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const world = {
  settings: [{ wifi: false }],
  contacts: [{ person_id: 'p1', name: 'Ana' }],
  reminders: [] as Record<string, string | number>[],
}
const scenarioOf = (milestones: MilestoneInput[]) => ({ milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [] })
const addReminder = (content: string, latitude = 37.3349) => say.result('add_reminder', { content, latitude }, 'r', (draft) => draft.insert('reminders', { content, latitude }))

describe('column similarities', () => {
  test('exact, close, contains, any and null targets', () => {
    expect(columnSimilarity('exact', 2048, 2048)).toBe(1)
    expect(columnSimilarity('exact', { a: 1, b: [2] }, { b: [2], a: 1 })).toBe(1)
    expect(columnSimilarity('exact', '2048', 2048)).toBe(0)
    expect(columnSimilarity('exact', undefined, null)).toBe(1)
    expect(columnSimilarity('exact', 'x', null)).toBe(0)
    expect(columnSimilarity({ close: 0.001 }, 37.3355, 37.3349)).toBe(1)
    // 37.3359 − 37.3349 is 0.0010000000000048 in binary floating point, just over the tolerance.
    expect(columnSimilarity({ close: 0.001 }, 37.3359, 37.3349)).toBe(0)
    expect(columnSimilarity({ close: 0.001 }, 0.001002, 0)).toBe(0)
    expect(columnSimilarity('contains', 'please call search_lat_lon', 'search_lat_lon')).toBe(1)
    expect(columnSimilarity('contains', 'Search_Lat_Lon', 'search_lat_lon')).toBe(0)
    expect(columnSimilarity('any', undefined, 'whatever')).toBe(1)
  })
})

describe('tables', () => {
  test('rows pair optimally and combine by geometric mean; counts must agree', () => {
    const rows = [{ name: 'b', n: 2 }, { name: 'a', n: 1 }]
    expect(tableSimilarity(rows, [{ name: 'a' }, { name: 'b' }], undefined).similarity).toBe(1)
    expect(tableSimilarity(rows, [{ name: 'a' }], undefined).similarity).toBe(0)
    const partial = tableSimilarity([{ text: 'buy milk' }], [{ text: 'buy oat milk' }], { text: 'rouge-l' })
    expect(partial.similarity).toBeCloseTo(0.8, 12)
    expect(partial.reason).toContain('text: expected "buy oat milk", found "buy milk"')
  })

  test('hungarian finds the cheapest pairing', () => {
    expect(hungarian([[4, 1, 3], [2, 0, 5], [3, 2, 2]])).toEqual({ assignment: [1, 0, 2], total: 5 })
  })
})

describe('milestone constraints', () => {
  const oneReminder = scenarioOf([{ constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'buy milk', latitude: 37.3355 }], columns: { latitude: { close: 0.001 } } }] }])

  test('an added row within tolerance matches', async () => {
    const trajectory = buildTrajectory(world, [say.user('remind me'), say.call('add_reminder', {}), addReminder('buy milk')])
    const result = await evaluate(trajectory, oneReminder)
    expect(result.score).toBe(1)
    expect(result.milestones[0]?.messageIndex).toBe(2)
  })

  test('an extra row fails the added constraint and says how many rows it found', async () => {
    const trajectory = buildTrajectory(world, [say.user('remind me'), say.call('add_reminder', {}), { ...addReminder('buy milk'), change: (draft) => { draft.insert('reminders', { content: 'buy milk', latitude: 37.3349 }); draft.insert('reminders', { content: 'buy eggs', latitude: 1 }) } }])
    const result = await evaluate(trajectory, oneReminder)
    expect(result.score).toBe(0)
    // Nothing scores above 0, so the milestone is reported at the first message, as ToolSandbox does.
    expect(result.milestones[0]?.messageIndex).toBe(0)
    const atAddition = tableSimilarity(trajectory.snapshots[1]?.tables.reminders ?? [], [{ content: 'buy milk' }], undefined)
    expect(atAddition.reason).toContain('expected 1 row, found 2 rows')
  })

  test('a missing row scores 0', async () => {
    const trajectory = buildTrajectory(world, [say.user('remind me'), say.agent('Sure, I will remember.')])
    const result = await evaluate(trajectory, oneReminder)
    expect(result.score).toBe(0)
    expect(result.milestones[0]?.reason).toContain('found 0 rows')
  })

  test('a guardrail fails when another table changed since the predecessor', async () => {
    const scenario = scenarioOf([
      { constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: true }] }] },
      { constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'buy milk' }] }] },
    ])
    const clean = buildTrajectory(world, [
      say.user('remind me'),
      say.result('set_wifi', { on: true }, null, (draft) => draft.setSettings({ wifi: true })),
      addReminder('buy milk'),
    ])
    expect((await evaluate(clean, scenario)).score).toBe(1)
    const meddling = buildTrajectory(world, [
      say.user('remind me'),
      say.result('set_wifi', { on: true }, null, (draft) => draft.setSettings({ wifi: true })),
      // The contact disappears in the same step as the reminder appears, so no placement avoids it.
      { ...addReminder('buy milk'), change: (draft) => { draft.insert('reminders', { content: 'buy milk', latitude: 37.3349 }); draft.remove('contacts', () => true) } },
    ])
    const result = await evaluate(meddling, scenario)
    expect(result.milestones[1]?.similarity).toBe(0)
    expect(result.score).toBe(0.5)
    const excluded = scenarioOf([
      { constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: true }] }] },
      { constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'buy milk' }] }], guardrails: { exclude: ['contacts'] } },
    ])
    expect((await evaluate(meddling, excluded)).score).toBe(1)
  })

  test('a tool call filled from an earlier result, and a failed call that only "requested" accepts', async () => {
    const scenario = scenarioOf([
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_location', arguments: { query: 'Apple Park' } }] }] },
      {
        constraints: [
          {
            kind: 'tool-call',
            anyOf: [{ tool: 'add_reminder', arguments: { latitude: { $fill: 'latitude' } }, compare: { latitude: { close: 0.001 } } }],
            fill: { milestone: 0, extractor: 'lat_lon' },
          },
        ],
      },
    ])
    const trajectory = buildTrajectory(world, [
      say.user('remind me at Apple Park'),
      say.result('search_location', { query: 'Apple Park' }, [{ name: 'Apple Park', latitude: 37.3349, longitude: -122.009 }]),
      say.result('add_reminder', { content: 'x', latitude: 37.335 }, 'r'),
    ])
    expect((await evaluate(trajectory, scenario)).score).toBe(1)
    const failed = buildTrajectory(world, [say.user('search'), say.failure('search_location', { query: 'Apple Park' }, 'wifi is off')])
    const succeededOnly = scenarioOf([{ constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_location' }] }] }])
    const requested = scenarioOf([{ constraints: [{ kind: 'tool-call', on: 'requested', anyOf: [{ tool: 'search_location' }] }] }])
    expect((await evaluate(failed, succeededOnly)).score).toBe(0)
    expect((await evaluate(failed, requested)).score).toBe(1)
  })

  test('`retried` needs a successful call after a failed call of the same tool, and `result` compares the answer', async () => {
    const answer = [{ name: 'Apple Park', latitude: 37.3349, longitude: -122.009 }]
    const retried = scenarioOf([{ constraints: [{ kind: 'tool-call', on: 'retried', anyOf: [{ tool: 'search_location', result: answer }] }] }])
    const afterFailure = buildTrajectory(world, [say.user('search'), say.failure('search_location', { query: 'Apple Park' }, 'try again'), say.result('search_location', { query: 'apple park' }, answer)])
    expect((await evaluate(afterFailure, retried)).score).toBe(1)
    // The same success with no failure before it is no retry.
    const first = buildTrajectory(world, [say.user('search'), say.result('search_location', { query: 'Apple Park' }, answer)])
    const missed = await evaluate(first, retried)
    expect(missed.score).toBe(0)
    expect(missed.milestones[0]?.bestCandidate?.reason ?? missed.milestones[0]?.reason).toMatch(/a successful call, after a failed one, of search_location|no failed call of it came before/)
    // Another answer is another lookup.
    const other = buildTrajectory(world, [say.user('search'), say.failure('search_location', { query: 'Apple Park' }, 'try again'), say.result('search_location', { query: 'Park' }, [])])
    const wrong = await evaluate(other, retried)
    expect(wrong.score).toBe(0)
    expect(wrong.milestones[0]?.bestCandidate?.reason).toBe('message 2: search_location: answer: expected [{"name":"Apple Park","latitude":37.3349,"longitude":-122.009}], found []')
  })

  test('an unknown extractor is a scenario error that lists the available ones', async () => {
    const scenario = scenarioOf([
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'a' }] }] },
      { constraints: [{ kind: 'message', content: 'It is {temp}', fill: { milestone: 0, extractor: 'temperature' } }] },
    ])
    await expect(evaluate(buildTrajectory(world, [say.user('hi')]), scenario)).rejects.toThrow(/no extractor named "temperature"; available: arguments, first_result, lat_lon, result, timestamp/)
  })

  test('semantic similarity uses the embedder (a fake client here)', async () => {
    const scenario = scenarioOf([{ constraints: [{ kind: 'message', content: 'done', similarity: 'semantic' }] }])
    const embedder = { name: 'fake', embed: (texts: readonly string[]) => Promise.resolve(texts.map((text) => (text === 'done' ? [1, 0] : [0.6, 0.8]))) }
    const result = await evaluate(buildTrajectory(world, [say.user('hi'), say.agent('all finished')]), scenario, { embedder })
    expect(result.score).toBeCloseTo(0.6, 12)
  })
})
