import { getHeapStatistics } from 'node:v8'
import { describe, expect, test } from 'vitest'
import { HeapBound } from '../../../src/cli/eval/heap-bound.ts'

const used = () => getHeapStatistics().used_heap_size

describe('HeapBound', () => {
  test('after garbage far past what was live, the next look (every 128 runs) collects it', () => {
    const bound = new HeapBound()
    // Held, then dropped: garbage the collector has not been asked to take yet, well past twice
    // what was live when the bound was made, plus its room.
    const past = used() * 2.5 + 96 * 1024 * 1024
    let held: string[][] = []
    for (let block = 0; used() < past && block < 5_000; block++) held.push(Array.from({ length: 2_000 }, (_, item) => `${block}:${item}:${'x'.repeat(100)}`))
    const grown = used()
    expect(grown).toBeGreaterThanOrEqual(past)
    held = []
    for (let run = 0; run < 128; run++) bound.ran()
    expect(used()).toBeLessThan(grown / 2)
    expect(held).toEqual([])
  })
})
