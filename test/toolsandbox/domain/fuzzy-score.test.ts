import { describe, expect, it } from 'vitest'
import { fuzzyScore, partialRatio, processText, ratio } from '../../../scenarios/toolsandbox/domain/fuzzy-score.ts'

describe('fuzzyScore', () => {
  it('normalizes case and punctuation', () => {
    expect(processText("  Mother's   DAY! ")).toBe('mother s day')
    expect(fuzzyScore('JORDAN-LEE', 'jordan lee')).toBe(100)
  })

  it('computes the Indel ratio and partial ratio', () => {
    expect(ratio('abcd', 'abce')).toBe(75)
    expect(partialRatio('lee', 'jordan lee')).toBe(100)
    expect(partialRatio('xyz', 'jordan lee')).toBe(0)
  })

  it('scores like WRatio on the cases the searches rely on', () => {
    // A first name inside a full name: partial match scaled by 0.9.
    expect(fuzzyScore('Fredrik', 'Fredrik Thordendal')).toBeCloseTo(90, 6)
    // Word order does not matter for texts of similar length (token sort × 0.95).
    expect(fuzzyScore('Lee Jordan', 'Jordan Lee')).toBeCloseTo(95, 6)
    // One word in a much longer text: partial match scaled by 0.6.
    expect(fuzzyScore('GPU', 'Hey there, do you want to buy a spare GPU?')).toBeCloseTo(60, 6)
    expect(fuzzyScore('Priya', 'Marcus Bell')).toBeLessThan(50)
    expect(fuzzyScore('', 'anything')).toBe(0)
  })
})
