import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { checkShardSet, evaluationPlan, partialNote, planLinePieces, planRunKey, writtenPlan } from '../../src/reporter/evaluation-plan.ts'

const all = ['a', 'b', 'c', 'd', 'e'].map((test) => planRunKey(test, 0))
const settings = { variants: 'plain', trials: 1 }
const shard = (index: number, mine: readonly string[], given = settings) => ({ source: `shard-${index}`, plan: writtenPlan(evaluationPlan(all, { count: mine.length, names: () => mine }, { index, count: 3 }, given)) })

describe('the evaluation plan', () => {
  test('is the same evaluation in every shard, and another for other settings', () => {
    expect(shard(1, ['a #0']).plan.evaluation).toBe(shard(2, ['b #0']).plan.evaluation)
    expect(shard(1, ['a #0']).plan.evaluation).not.toBe(shard(1, ['a #0'], { variants: 'all', trials: 1 }).plan.evaluation)
  })

  test('tells a whole set from one with a shard missing, doubled or of another evaluation, naming it', () => {
    const [one, two, three] = [shard(1, ['a #0', 'b #0']), shard(2, ['c #0', 'd #0']), shard(3, ['e #0'])]
    expect(checkShardSet([one, two, three])).toEqual({ kind: 'whole' })
    const missing = checkShardSet([one, two])
    expect(missing).toMatchObject({ kind: 'missing', missing: [3], missingRuns: 1, total: 5 })
    expect(missing.kind === 'missing' && missing.problem).toBe("shard 3 of 3 is missing (1 of the evaluation's 5 runs); merge every shard's report, or pass --partial to merge these and mark the report as partial")
    expect(missing.kind === 'missing' && partialNote(missing)).toBe("PARTIAL REPORT: shard 3 of 3 not merged; 1 of the evaluation's 5 runs are not in it, so its figures are of part of the evaluation")
    expect(checkShardSet([one])).toMatchObject({ kind: 'missing', problem: expect.stringMatching(/^shard 2 and shard 3 of 3 are missing/) })
    expect(checkShardSet([one, two, two, three])).toEqual({ kind: 'doubled', problem: 'shard 2 of 3 is given 2 times (shard-2, shard-2); give each shard once' })
    expect(checkShardSet([one, shard(2, ['c #0'], { variants: 'robustness', trials: 1 })])).toMatchObject({ kind: 'mixed', problem: expect.stringContaining('variants "plain" vs "robustness"') })
  })
})

describe('a plan held while the evaluation plays', () => {
  // More runs than one piece of the line holds, with names JSON must escape.
  const many = Array.from({ length: 9_000 }, (_, index) => planRunKey(`scenario "${index % 7}" <all \u00d7 tools>`, index))

  test('is written as the line JSON writes for its runs named, in pieces', () => {
    const held = evaluationPlan(many, { count: many.length, names: () => many }, { index: 2, count: 3 }, settings)
    const pieces = [...planLinePieces(held)]
    expect(pieces.length).toBeGreaterThan(2)
    expect(pieces.join('')).toBe(JSON.stringify({ plan: writtenPlan(held) }))
    expect(writtenPlan(held)).toEqual({ evaluation: held.evaluation, shard: { index: 2, count: 3 }, total: 9_000, runs: many, settings })
    // A plan read back from a runs file is written the same way.
    expect([...planLinePieces(writtenPlan(held))].join('')).toBe(pieces.join(''))
    const none = evaluationPlan([], { count: 0, names: () => [] }, { index: 1, count: 1 }, settings)
    expect([...planLinePieces(none)].join('')).toBe(JSON.stringify({ plan: writtenPlan(none) }))
  })

  test('has the digest of every run of the evaluation, sorted, and its settings, however they come', () => {
    const digest = (runs: readonly string[]) => evaluationPlan(runs, { count: 0, names: () => [] }, { index: 1, count: 1 }, settings).evaluation
    expect(digest(many)).toBe(digest([...many].reverse()))
    expect(digest(many)).not.toBe(digest(many.slice(1)))
    // The digest of JSON.stringify([sorted runs, settings with sorted keys]), as shards of earlier versions have it.
    expect(digest(['b #0', 'a #0'])).toBe('de53c7ba347834c7')
    const whole = createHash('sha256').update(JSON.stringify([[...many].sort(), { trials: 1, variants: 'plain' }])).digest('hex').slice(0, 16)
    expect(digest(many)).toBe(whole)
  })
})
