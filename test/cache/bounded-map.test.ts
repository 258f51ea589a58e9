import { describe, expect, it } from 'vitest'
import { BoundedMap } from '../../src/cache/bounded-map.ts'

describe('BoundedMap', () => {
  it('holds at most its limit, dropping the key set longest ago', () => {
    const map = new BoundedMap<number, string>(2)
    map.set(1, 'one')
    map.set(2, 'two')
    map.set(1, 'one again')
    map.set(3, 'three')
    expect(map.size).toBe(2)
    expect(map.get(2)).toBeUndefined()
    expect(map.get(1)).toBe('one again')
    expect(map.get(3)).toBe('three')
  })

  it('refuses a limit below one, naming it', () => {
    expect(() => new BoundedMap(0)).toThrow('a limit of 0')
  })
})
