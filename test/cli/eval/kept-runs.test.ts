import { describe, expect, test } from 'vitest'
import { keptRuns } from '../../../src/cli/eval/eval-messages.ts'

const fingerprint = (world: string) => ({ world, tools: 't', user: 'u', milestones: 'm', minefields: 'f' })

describe('keptRuns', () => {
  test('sends each fingerprint once, the same object or an equal one, and names each run’s by its place', () => {
    const shared = fingerprint('w1')
    const kept = keptRuns([
      { id: 'a', fingerprint: shared },
      { id: 'b', fingerprint: shared },
      { id: 'c', fingerprint: fingerprint('w1') },
      { id: 'd' },
      { id: 'e', fingerprint: fingerprint('w2') },
    ])
    expect(kept.ids).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(kept.fingerprints).toEqual([fingerprint('w1'), fingerprint('w2')])
    expect([...kept.fingerprintOf]).toEqual([0, 0, 0, -1, 1])
  })

  test('a part that differs makes another fingerprint, whichever part it is', () => {
    const parts = ['world', 'tools', 'user', 'milestones', 'minefields'] as const
    const runs = parts.map((part, position) => ({ id: String(position), fingerprint: { ...fingerprint('w'), [part]: 'other' } }))
    const kept = keptRuns([{ id: 'base', fingerprint: fingerprint('w') }, ...runs])
    expect(kept.fingerprints).toHaveLength(parts.length + 1)
    expect([...kept.fingerprintOf]).toEqual([0, 1, 2, 3, 4, 5])
  })
})
