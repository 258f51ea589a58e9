import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { MatchProblem } from '../../src/evaluation/index.ts'
import { matchMilestones } from '../../src/evaluation/index.ts'
import { bruteForceBest } from './brute-force-matcher.ts'

/** A random matching problem: a DAG over up to 6 milestones, up to 12 candidate messages, random tables. */
const problemArbitrary = fc
  .record({
    count: fc.integer({ min: 1, max: 6 }),
    positions: fc.integer({ min: 1, max: 12 }),
    edgeBits: fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
    dependencyBits: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 15, maxLength: 15 }),
    guardBits: fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
    seeds: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 6, maxLength: 6 }),
    zeroShare: fc.double({ min: 0, max: 0.6, noNaN: true }),
  })
  .map(({ count, positions, edgeBits, dependencyBits, guardBits, seeds, zeroShare }): MatchProblem & { describe: string } => {
    const candidates = Array.from({ length: positions }, (_, position) => 3 + position * 2)
    const edges: [number, number][] = []
    const dependencies: number[][] = Array.from({ length: count }, () => [])
    const guards: number[][] = Array.from({ length: count }, () => [])
    let bit = 0
    for (let to = 0; to < count; to++) {
      for (let from = 0; from < to; from++, bit++) {
        if (edgeBits[bit]) edges.push([from, to])
        // Dependencies and guards may point at any earlier milestone, not only at edge partners.
        const dependency = dependencyBits[bit] ?? 0
        if (dependency >= 2) dependencies[to]?.push(from)
        if (guardBits[bit]) guards[to]?.push(from)
      }
    }
    const hash = (...parts: number[]) => {
      let value = 0x9e3779b9
      for (const part of parts) value = Math.imul(value ^ part, 0x85ebca6b) ^ (value >>> 13)
      return ((value >>> 0) % 10_000) / 10_000
    }
    return {
      count,
      candidates,
      edges,
      dependencies,
      guards,
      similarity: (milestone, index, dependencyIndices) => {
        const value = hash(seeds[milestone] ?? 0, index, ...dependencyIndices)
        return value < zeroShare ? 0 : value
      },
      guard: (milestone, partner, partnerIndex, index) => hash(seeds[milestone] ?? 0, 77, partner, partnerIndex, index) > 0.3,
      describe: JSON.stringify({ count, positions, edges, dependencies, guards }),
    }
  })

describe('matchMilestones', () => {
  test('equals a brute-force enumeration on random DAGs with pairwise-dependent similarities and guards', async () => {
    await fc.assert(
      fc.asyncProperty(problemArbitrary, async (problem) => {
        const mapping = matchMilestones(problem)
        const best = bruteForceBest(problem)
        expect(mapping.total).toBeCloseTo(best, 9)
        // The reported placement is feasible and scores what it claims.
        for (const [from, to] of problem.edges) expect(mapping.indices[from]).toBeLessThanOrEqual(mapping.indices[to] as number)
      }),
      { numRuns: 150 },
    )
  })

  test('places milestones at non-decreasing indices along the chain and may share an index', () => {
    const table = [
      [0, 1, 0, 0],
      [0, 0.5, 0, 0.4],
    ]
    const mapping = matchMilestones({
      count: 2,
      candidates: [0, 1, 2, 3],
      edges: [[0, 1]],
      dependencies: [[], []],
      similarity: (milestone, index) => table[milestone]?.[index] ?? 0,
    })
    expect(mapping.indices).toEqual([1, 1])
    expect(mapping.total).toBeCloseTo(1.5)
  })

  test('when nothing matches, every milestone goes to the first candidate', () => {
    const mapping = matchMilestones({ count: 3, candidates: [4, 5, 6], edges: [[0, 1], [1, 2]], dependencies: [[], [], []], similarity: () => 0 })
    expect(mapping.indices).toEqual([4, 4, 4])
    expect(mapping.similarities).toEqual([0, 0, 0])
  })

  test('an order edge can force a worse placement of the earlier milestone', () => {
    // Milestone 1 is only good early, milestone 0 only late; with 0 → 1 one of them must give way.
    const mapping = matchMilestones({
      count: 2,
      candidates: [0, 1],
      edges: [[0, 1]],
      dependencies: [[], []],
      similarity: (milestone, index) => (milestone === 0 ? (index === 1 ? 1 : 0.2) : index === 0 ? 0.9 : 0.1),
    })
    expect(mapping.total).toBeCloseTo(1.1)
    expect(mapping.indices).toEqual([0, 0])
  })

  test('a milestone whose guard fails counts 0 and the matcher prefers placements where it holds', () => {
    const mapping = matchMilestones({
      count: 3,
      candidates: [0, 1, 2],
      edges: [[0, 2], [1, 2]],
      dependencies: [[], [], []],
      guards: [[], [], [0, 1]],
      similarity: (milestone, index) => (milestone === 2 ? (index === 2 ? 1 : 0) : index === 0 ? 1 : 0.9),
      guard: (_milestone, partner, partnerIndex, index) => partner === 0 || partnerIndex === index,
    })
    // Milestone 1 moves to 2 (0.9) so milestone 2's guard holds: 1 + 0.9 + 1.
    expect(mapping.indices).toEqual([0, 2, 2])
    expect(mapping.total).toBeCloseTo(2.9)
  })
})
