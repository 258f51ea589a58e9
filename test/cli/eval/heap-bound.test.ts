import { getHeapStatistics } from 'node:v8'
import { describe, expect, test } from 'vitest'
import { HeapBound } from '../../../src/cli/eval/heap-bound.ts'

describe('HeapBound', () => {
  test('after garbage far past what was live, the next look (every 128 runs) collects it', () => {
    const bound = new HeapBound()
    // Held, then dropped: garbage the collector has not been asked to take yet.
    let held: string[][] = Array.from({ length: 400 }, (_, block) => Array.from({ length: 2_000 }, (_, item) => `${block}:${item}:${'x'.repeat(100)}`))
    const grown = getHeapStatistics().used_heap_size
    held = []
    for (let run = 0; run < 128; run++) bound.ran()
    expect(getHeapStatistics().used_heap_size).toBeLessThan(grown / 2)
    expect(held).toEqual([])
  })
})
