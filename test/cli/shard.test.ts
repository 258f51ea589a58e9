import { describe, expect, test } from 'vitest'
import { parseShard, shardUnits } from '../../src/cli/shard.ts'

const units = Array.from({ length: 40 }, (_, index) => ({ key: `unit-${String(index).padStart(2, '0')}`, cost: index % 7 === 0 ? 50 : (index % 5) + 1 }))
const split = (count: number, costOf: (unit: (typeof units)[number]) => number | undefined) =>
  Array.from({ length: count }, (_, index) => shardUnits(units, { index: index + 1, count }, (unit) => unit.key, costOf))

describe('shards', () => {
  test('together the shards play every unit once, in the units order, whatever order they come in', () => {
    for (const count of [1, 2, 3, 7]) {
      const shards = split(count, (unit) => unit.cost)
      expect(shards.flat().map((unit) => unit.key).sort()).toEqual(units.map((unit) => unit.key))
      for (const shard of shards) expect(shard).toEqual([...shard].sort((a, b) => units.indexOf(a) - units.indexOf(b)))
      const reversed = Array.from({ length: count }, (_, index) => shardUnits([...units].reverse(), { index: index + 1, count }, (unit) => unit.key, (unit) => unit.cost))
      expect(reversed.map((shard) => shard.map((unit) => unit.key).sort())).toEqual(shards.map((shard) => shard.map((unit) => unit.key).sort()))
    }
  })

  test('balanced by cost: no shard takes more than an even share plus the costliest unit; without costs, even counts', () => {
    const total = units.reduce((sum, unit) => sum + unit.cost, 0)
    for (const count of [2, 3, 4]) {
      const loads = split(count, (unit) => unit.cost).map((shard) => shard.reduce((sum, unit) => sum + unit.cost, 0))
      expect(Math.max(...loads)).toBeLessThanOrEqual(total / count + 50)
      const sizes = split(count, () => undefined).map((shard) => shard.length)
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
    }
    // Units the earlier report does not know count as its mean.
    const partly = split(2, (unit) => (unit.key < 'unit-20' ? unit.cost : undefined))
    expect(partly.flat()).toHaveLength(units.length)
  })

  test('--shard takes <i>/<n>', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 })
    for (const bad of ['0/2', '3/2', '1/0', '1', 'a/b', '1/2/3']) expect(() => parseShard(bad)).toThrow(`--shard takes <i>/<n> with 1 <= i <= n (2/4: the second of four shards), not ${JSON.stringify(bad)}`)
  })
})
