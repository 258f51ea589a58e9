import { describe, expect, test } from 'vitest'
import { alarmId, PythonRandom, reminderId, sessionToken, verificationCode } from '../../scenarios/tooltalk/domain/index.ts'

// Vectors computed with CPython 3.11 from a fresh random.Random(489) each.
describe('PythonRandom(489)', () => {
  test('getrandbits(32) gives CPython\'s first outputs', () => {
    const random = new PythonRandom(489)
    expect([1, 2, 3, 4, 5].map(() => random.getrandbits(32))).toEqual([4032595798, 3967006310, 771719745, 2649212253, 1858078154])
  })

  test('randint(0, 0xffff) rejects values past the range like _randbelow', () => {
    const random = new PythonRandom(489)
    expect([1, 2, 3, 4, 5, 6].map(() => random.randint(0, 0xffff))).toEqual([23551, 56704, 8400, 55754, 1938, 6877])
  })

  test('ToolTalk ids and tokens', () => {
    expect(sessionToken(new PythonRandom(489))).toBe('e149636f-d9ca-0792')
    expect(alarmId(new PythonRandom(489))).toBe('5bff-dd80')
    expect(reminderId(new PythonRandom(489))).toBe('5b-dd80')
    expect(verificationCode(new PythonRandom(489))).toBe('984520')
  })

  test('a clone draws on from where the generator was, independently of it', () => {
    const random = new PythonRandom(489)
    random.getrandbits(32)
    const copy = random.clone()
    expect(copy.draws).toBe(1)
    expect([1, 2].map(() => copy.getrandbits(32))).toEqual([3967006310, 771719745])
    expect(random.getrandbits(32)).toBe(3967006310)
    // Past the first 624 outputs the state twists again: the copy must carry its own state.
    const far = new PythonRandom(489).skip(700)
    const farCopy = far.clone()
    expect(farCopy.getrandbits(32)).toBe(far.getrandbits(32))
  })

  test('another seed gives another sequence; random() stays in [0, 1)', () => {
    const random = new PythonRandom(490)
    expect(random.getrandbits(32)).not.toBe(4032595798)
    for (let index = 0; index < 100; index++) {
      const value = random.random()
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
    expect(() => random.choice([])).toThrow(/empty/)
  })
})
