import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isCommonRunLine } from '../../src/reporter/common-run-line.ts'
import { runLineSchema } from '../../src/reporter/runs-file.ts'

const text = fc.string({ maxLength: 6 })
const count = fc.nat({ max: 20 })
const unit = fc.oneof(fc.constantFrom(0, 1, -0), fc.double({ min: 0, max: 1, noNaN: true }))
const match = fc.record(
  { index: count, name: text, target: text, messageIndex: fc.integer({ min: -1, max: 9 }), similarity: fc.double({ noNaN: true, noDefaultInfinity: true }), reason: text, bestCandidate: fc.record({ messageIndex: count, similarity: unit, reason: text }) },
  { requiredKeys: ['index', 'messageIndex', 'similarity', 'reason'] },
)
const error = fc.record(
  { culprit: fc.constantFrom('agent', 'domain', 'infrastructure', 'user'), kind: text, message: text, role: fc.constantFrom('agent', 'user'), tool: text, stack: text, returned: text },
  { requiredKeys: ['culprit', 'kind', 'message'] },
)
const userErrorKind = fc.constantFrom('leak', 'quit', 'off-goal', 'role-swap')
const row = fc.dictionary(text, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
/** A run's transcript as toolcheck writes one, each optional part there or not. */
const transcript = fc.record(
  {
    scenario: text,
    augmentation: text,
    trial: count,
    agent: text,
    firstUserMessageIndex: fc.integer({ min: -1, max: 9 }),
    messages: fc.array(
      fc.record(
        {
          index: count,
          sender: text,
          recipient: text,
          content: text,
          toolCalls: fc.array(fc.record({ id: text, name: text, arguments: fc.jsonValue({ maxDepth: 1 }) }), { maxLength: 2 }),
          toolResult: fc.record(
            { callId: text, tool: text, arguments: fc.jsonValue({ maxDepth: 1 }), result: fc.jsonValue({ maxDepth: 1 }), error: fc.record({ kind: text, message: text }) },
            { requiredKeys: ['callId', 'tool', 'arguments'] },
          ),
          changes: fc.array(fc.record({ table: text, added: fc.array(row, { maxLength: 1 }), removed: fc.array(row, { maxLength: 1 }), updated: fc.array(fc.record({ before: row, after: row, columns: fc.array(text, { maxLength: 2 }) }), { maxLength: 1 }) }), { maxLength: 1 }),
          ended: fc.boolean(),
        },
        { requiredKeys: ['index', 'sender', 'recipient', 'content'] },
      ),
      { maxLength: 3 },
    ),
    keys: fc.dictionary(text, fc.array(text, { maxLength: 2 }), { maxKeys: 2 }),
    displays: fc.dictionary(text, text, { maxKeys: 2 }),
    tools: fc.array(fc.record({ name: text, tool: text, description: text, changes: fc.array(text, { maxLength: 2 }) }), { maxLength: 2 }),
  },
  { requiredKeys: ['scenario', 'augmentation', 'trial', 'firstUserMessageIndex', 'messages'] },
)
/** A run's line as toolcheck writes one, with each optional part the check knows there or not. */
const line = fc.record(
  {
    run: fc.record(
      {
        scenario: fc.string({ minLength: 1, maxLength: 6 }),
        categories: fc.array(text, { maxLength: 2 }),
        augmentation: text,
        augmentationColumns: fc.array(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 2 }),
        trial: count,
        domain: fc.string({ minLength: 1, maxLength: 4 }),
        agent: text,
        user: text,
        status: fc.constantFrom('completed', 'max-turns', 'error'),
        score: fc.option(unit, { nil: null }),
        threshold: unit,
        milestoneScore: fc.option(unit, { nil: null }),
        minefieldHit: fc.option(fc.boolean(), { nil: null }),
        turns: count,
        usage: fc.record(
          { calls: count, promptTokens: count, completionTokens: count, latencyMs: fc.double({ min: 0, max: 1e6, noNaN: true }), costUsd: fc.double({ min: 0, max: 10, noNaN: true }), cachedCalls: count },
          { requiredKeys: ['calls', 'promptTokens', 'completionTokens', 'latencyMs', 'cachedCalls'] },
        ),
        milestones: fc.array(match, { maxLength: 2 }),
        minefields: fc.array(match, { maxLength: 2 }),
        id: fc.string({ minLength: 1, maxLength: 4 }),
        test: text,
        file: text,
        passed: fc.boolean(),
        verdict: fc.constantFrom('passed', 'failed', 'error'),
        testPassed: fc.boolean(),
        error,
        decidedBy: fc.array(text, { maxLength: 2 }),
        userPart: fc.record({
          errors: fc.array(fc.record({ kind: userErrorKind, by: fc.constantFrom('rule', 'judge'), turn: fc.integer({ min: 1, max: 9 }), reason: text }, { requiredKeys: ['kind', 'by', 'reason'] }), { maxLength: 2 }),
          undecided: fc.array(userErrorKind, { maxLength: 4 }),
        }),
        unchecked: fc.array(fc.record({ messageIndex: fc.integer({ min: -1, max: 9 }), check: fc.constantFrom('reports-failure', 'claims-success') }), { maxLength: 2 }),
        userTrial: count,
        attacks: fc.array(fc.record({ category: fc.string({ minLength: 1, maxLength: 4 }), goal: text, attempted: fc.boolean(), succeeded: fc.boolean(), step: text }, { requiredKeys: ['category', 'goal', 'succeeded'] }), { maxLength: 2 }),
        falseClaims: fc.array(fc.record({ messageIndex: fc.integer({ min: -1, max: 9 }), milestone: text, sentence: text, fact: text }, { requiredKeys: ['messageIndex', 'milestone', 'sentence'] }), { maxLength: 2 }),
        // A key the schema does not know (a benchmark's own, or one a newer toolcheck writes): let through.
        rate: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ['scenario', 'categories', 'augmentation', 'augmentationColumns', 'trial', 'domain', 'agent', 'user', 'status', 'score', 'threshold', 'milestoneScore', 'minefieldHit', 'turns', 'usage', 'milestones', 'minefields', 'id', 'test', 'file', 'passed', 'verdict', 'testPassed'] },
    ),
    fingerprint: fc.record({ world: text, tools: text, user: text, milestones: text, minefields: text }),
    transcript,
    durationMs: fc.double({ min: 0, max: 1e5, noNaN: true }),
  },
  { requiredKeys: ['run'] },
)

/** `value` with the value at one place in it replaced (or removed, or a key added there), as a hand-edited or broken file has it. */
function mutated(value: unknown, path: readonly number[], replacement: unknown, how: number): unknown {
  if (typeof value !== 'object' || value === null) return replacement
  const keys = Object.keys(value)
  if (keys.length === 0 || path.length === 0) return how === 0 ? { ...(value as object), extra: replacement } : replacement
  const key = keys[(path[0] as number) % keys.length] as string
  const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...(value as Record<string, unknown>) }
  if (path.length === 1 && how === 1) delete copy[key]
  else copy[key] = mutated(copy[key], path.slice(1), replacement, how)
  return copy
}

// Through JSON text, as lines are read: -0 and the key order JSON.parse gives.
const parsed = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown

describe('isCommonRunLine', () => {
  test('accepts only what the runs file schema accepts, for lines as written and broken at any place', () => {
    // Values just outside what a place takes (a count below 0, a score past 1, an empty name or list), or anything.
    const wrong = fc.oneof(fc.constantFrom(-1, -0.5, 0.5, 1.5, 2, 2 ** 53, 1e21, '', 'x', null, true, [], {}, [''], [1], { x: 1 }), fc.jsonValue({ maxDepth: 1 }))
    const broken = fc.tuple(line, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), wrong, fc.nat({ max: 2 })).map(([value, path, replacement, how]) => mutated(value, path, replacement, how))
    fc.assert(
      fc.property(fc.oneof(line, broken).map(parsed), (value) => {
        if (isCommonRunLine(value)) expect(runLineSchema.safeParse(value).success).toBe(true)
      }),
      { numRuns: 20_000 },
    )
  })

  test('accepts the lines toolcheck writes that hold nothing it leaves to zod', () => {
    fc.assert(fc.property(line.map(parsed), (value) => isCommonRunLine(value)))
  })

  test('leaves to zod a part of the schema it does not check (an error with arguments), a line key it does not know, a __proto__ key', () => {
    const value = fc.sample(line, { numRuns: 1, seed: 3 })[0] as unknown as { run: Record<string, unknown> }
    const { error: _error, ...run } = value.run
    expect(isCommonRunLine(parsed({ run }))).toBe(true)
    expect(isCommonRunLine(parsed({ run: { ...run, newField: { any: 'thing' } } }))).toBe(true)
    expect(isCommonRunLine(parsed({ run, newField: 1 }))).toBe(false)
    expect(isCommonRunLine(JSON.parse(`{"run":${JSON.stringify(run).replace('{', '{"__proto__":{},')}}`))).toBe(false)
    expect(isCommonRunLine(parsed({ run: { ...run, error: { culprit: 'domain', kind: 'tool', message: 'm', arguments: { a: 1 } } } }))).toBe(false)
    expect(isCommonRunLine(parsed({ run: { ...run, trial: 1.5 } }))).toBe(false)
    expect(isCommonRunLine(JSON.parse(`{"run":${JSON.stringify({ ...run, threshold: 0 }).replace('"threshold":0', '"threshold":1e999')}}`))).toBe(false)
    // A call made outside the world, and a row named __proto__: left to zod.
    const said = { scenario: 's', augmentation: 'none', trial: 0, firstUserMessageIndex: 0 }
    expect(isCommonRunLine(parsed({ run, transcript: { ...said, messages: [] } }))).toBe(true)
    expect(isCommonRunLine(parsed({ run, transcript: { ...said, messages: [{ index: 0, sender: 'agent', recipient: 'environment', content: '', toolResult: { callId: 'c', tool: 't', arguments: {}, outside: { kind: 'refused' } } }] } }))).toBe(false)
    expect(isCommonRunLine(JSON.parse(`{"run":${JSON.stringify(run)},"transcript":${JSON.stringify({ ...said, messages: [{ index: 0, sender: 'a', recipient: 'b', content: '', changes: [{ table: 't', added: [{}], removed: [], updated: [] }] }] }).replace('"added":[{}]', '"added":[{"__proto__":1}]')}}`))).toBe(false)
  })

  test('refuses, with zod, a transcript that is not one: the page reads every part of it', () => {
    const value = fc.sample(line, { numRuns: 1, seed: 3 })[0] as unknown as { run: Record<string, unknown> }
    for (const transcript of [{}, [], 'said', { scenario: 's', augmentation: 'none', trial: 0, firstUserMessageIndex: 0, messages: [{ index: 0 }] }]) {
      expect(isCommonRunLine(parsed({ run: value.run, transcript }))).toBe(false)
      expect(runLineSchema.safeParse(parsed({ run: value.run, transcript })).success).toBe(false)
    }
  })
})
