import { UsageError } from './usage-error.ts'

/** One of `count` shards of an evaluation (`--shard index/count`, `index` from 1). */
export interface Shard {
  readonly index: number
  readonly count: number
}

/** Reads `--shard <i>/<n>`; throws `UsageError` saying what it takes. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim())
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (match === null || !(count >= 1) || !(index >= 1 && index <= count)) throw new UsageError(`--shard takes <i>/<n> with 1 <= i <= n (2/4: the second of four shards), not ${JSON.stringify(text)}`)
  return { index, count }
}

/**
 * The units of one shard, in their given order. Every shard of an evaluation computes the same
 * split from the same units and costs, so together the shards play each unit exactly once. The
 * split balances the shards' total cost (the longest-processing-time rule: the costliest unit
 * first, each to the shard with the least so far); a unit of unknown cost counts as the mean of
 * the known ones, and with no cost known every unit counts the same, so the shards get even
 * shares. Ties go by key, so the split does not depend on the units' order.
 */
export function shardUnits<Unit>(units: readonly Unit[], shard: Shard, keyOf: (unit: Unit) => string, costOf: (unit: Unit) => number | undefined): Unit[] {
  if (shard.count === 1) return [...units]
  const known = units.map(costOf).filter((cost): cost is number => cost !== undefined && Number.isFinite(cost) && cost >= 0)
  const fallback = known.length === 0 ? 1 : known.reduce((sum, cost) => sum + cost, 0) / known.length
  const weighed = units.map((unit, position) => {
    const cost = costOf(unit)
    return { position, key: keyOf(unit), cost: cost !== undefined && Number.isFinite(cost) && cost >= 0 ? cost : fallback }
  })
  weighed.sort((a, b) => b.cost - a.cost || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  const loads = Array.from({ length: shard.count }, () => 0)
  const mine = new Set<number>()
  for (const unit of weighed) {
    let lightest = 0
    for (let candidate = 1; candidate < loads.length; candidate++) if ((loads[candidate] as number) < (loads[lightest] as number)) lightest = candidate
    loads[lightest] = (loads[lightest] as number) + unit.cost
    if (lightest === shard.index - 1) mine.add(unit.position)
  }
  return units.filter((_, position) => mine.has(position))
}
