import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { joinedPieces, stringsJsonPieces } from '../../src/reporter/json-pieces.ts'

describe('JSON lists in pieces', () => {
  it('joinedPieces gives the entries joined with commas, in pieces of at most the given number of entries', () => {
    fc.assert(
      fc.property(fc.array(fc.json(), { maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (entries, size) => {
        const pieces = [...joinedPieces(entries, size)]
        expect(pieces.join('')).toBe(entries.join(','))
        expect(pieces.filter((piece) => piece !== ',')).toHaveLength(Math.ceil(entries.length / size))
      }),
    )
  })

  it('stringsJsonPieces gives the inside of the JSON array of the strings, past a piece of thousands of them', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { minLength: 4000, maxLength: 9000 }), (strings) => {
        expect([...stringsJsonPieces(strings)].join('')).toBe(JSON.stringify(strings).slice(1, -1))
      }),
      { numRuns: 20 },
    )
  })
})
