import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { packPieces, packText, unpackJson } from '../../src/reporter/packed-json.ts'

describe('packPieces', () => {
  it('packs the text its pieces make exactly as packText packs it whole, however the text is cut', async () => {
    // Texts of every width (ASCII, accented, CJK, emoji: one to four bytes a character), some long
    // enough to fill the deflater's buffers, cut into pieces of any length, empty ones included.
    const piece = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: fc.constantFrom('a', 'é', '漢', '😀', '"', '\\n'), minLength: 20_000, maxLength: 80_000 }))
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), async (pieces) => {
        expect(await packPieces(pieces)).toBe(packText(pieces.join('')))
      }),
      { numRuns: 60 },
    )
  })

  it('packs JSON given as pieces so that it unpacks to the value', async () => {
    const value = { strings: Array.from({ length: 5000 }, (_, at) => `text ${at} «${'x'.repeat(at % 50)}»`), runs: [[1, 2, -1]] }
    const json = JSON.stringify(value)
    const pieces = [json.slice(0, 7), json.slice(7, 7), json.slice(7, 40_000), json.slice(40_000)]
    expect(unpackJson(await packPieces(pieces))).toEqual(value)
  })

  it('packs no pieces as packText packs the empty text', async () => {
    expect(await packPieces([])).toBe(packText(''))
  })
})
