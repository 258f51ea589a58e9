import { describe, expect, test } from 'vitest'
import { formatTarget, runBenchmark } from '../../bench/harness.ts'

describe('the benchmark harness', () => {
  test('checks every target, the ones on figures other than time included', async () => {
    const result = await runBenchmark('memory.bench.ts', {
      name: 'a figure over its limit',
      iterations: 1,
      targetMs: 60_000,
      run: () => undefined,
      targets: () => [
        { name: 'peak memory, 5 trials / 1', measured: 1.302, limit: 1.3, unit: '×' },
        { name: 'page size', measured: 12, limit: 30, unit: 'MB' },
      ],
    })
    expect(result.targets?.map((target) => [target.name, target.met])).toEqual([
      ['median', true],
      ['peak memory, 5 trials / 1', false],
      ['page size', true],
    ])
    expect(result.withinTarget).toBe(false)
  })

  test('a ratio target reads the first baseline measured beside the work', async () => {
    const result = await runBenchmark('ratio.bench.ts', {
      name: 'a ratio',
      iterations: 3,
      warmUp: 0,
      targetRatio: 1e9,
      run: () => ({ measuredMs: 2 }),
      baselines: [{ name: 'nothing', run: () => ({ measuredMs: 1 }) }],
    })
    expect(result.targets).toEqual([{ name: 'median / nothing', measured: 2, limit: 1e9, unit: '×', met: true }])
  })

  test('a figure that could not be measured misses its target', async () => {
    const result = await runBenchmark('nan.bench.ts', { name: 'unmeasured', iterations: 1, run: () => undefined, targets: () => [{ name: 'ratio', measured: Number.NaN, limit: 1, unit: '×' }] })
    expect(result.withinTarget).toBe(false)
  })

  test('a miss never prints as the limit', () => {
    expect(formatTarget({ name: 'peak', measured: 1.302, limit: 1.3, unit: '×', met: false })).toBe('peak 1.302× > 1.3×: MISSED')
    expect(formatTarget({ name: 'peak', measured: 1.3000001, limit: 1.3, unit: '×', met: false })).toBe('peak 1.3000001× > 1.3×: MISSED')
    expect(formatTarget({ name: 'median', measured: 0.00181, limit: 0.1, unit: 'ms', met: true })).toBe('median 0.00181 ms <= 0.1 ms: ok')
    expect(formatTarget({ name: 'median', measured: 2160.4, limit: 2000, unit: 'ms', met: false })).toBe('median 2160 ms > 2000 ms: MISSED')
    expect(formatTarget({ name: 'median', measured: 12.345, limit: 33, unit: 'ms', met: true })).toBe('median 12.3 ms <= 33 ms: ok')
  })
})
