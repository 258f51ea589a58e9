import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { nestedElementJson, reportRunJson } from '../../src/reporter/report-run-json.ts'

/** How `report.json` wrote a run before: pretty-printed alone, then every line indented by four spaces. */
function indentedAlone(run: object): string {
  return `    ${JSON.stringify(run, null, 2).replaceAll('\n', '\n    ')}`
}

// Strings with what JSON escapes or keeps as it is: quotes, backslashes, control characters,
// line and paragraph separators, lone surrogates, characters outside the basic plane.
const oddString = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\r', '\t', '\u0000', '\u001f', '\u2028', '\u2029', '\ud800', '\udfff', '😀', 'é', ' ', '{', '}', '[', ']', ',', ':') }))
// Keys that JSON.parse orders first (array indices), and keys that name prototype members.
const oddKey = fc.oneof(oddString, fc.constantFrom('__proto__', 'constructor', 'toString', '0', '1', '10', '4294967294', '4294967295', '-1', '01'))
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.boolean(), fc.double(), fc.integer(), oddString, fc.array(tie('value')), fc.dictionary(oddKey, tie('value'))),
})).value
// A run is an object; through JSON text, as merge reads it, its keys come in JSON.parse's order.
const run = fc.dictionary(oddKey, value).map((object) => JSON.parse(JSON.stringify(object)) as object)

describe('reportRunJson', () => {
  test('is the run pretty-printed alone and indented, byte for byte, for any JSON object', () => {
    fc.assert(
      fc.property(fc.oneof(run, fc.dictionary(oddKey, value)), (object) => {
        expect(reportRunJson(object)).toBe(indentedAlone(object))
      }),
      { numRuns: 2000 },
    )
  })

  test('an element deeper in a report (a summary cell, three levels in) is indented as JSON.stringify of the whole indents it', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(oddKey, value), { minLength: 1, maxLength: 4 }), (cells) => {
        const whole = JSON.stringify({ summary: { trials: cells } }, null, 2)
        const written = `{\n  "summary": {\n    "trials": [\n${cells.map((cell) => nestedElementJson(cell, 3)).join(',\n')}\n    ]\n  }\n}`
        expect(written).toBe(whole)
      }),
      { numRuns: 500 },
    )
  })

  test('empty objects and arrays, and -0 and values JSON has no text for, come out as JSON.stringify writes them', () => {
    for (const object of [{}, { a: [] }, { a: {} }, { a: -0, b: Number.NaN, c: Number.POSITIVE_INFINITY }, { a: undefined, b: [undefined, () => 1] }, { a: [[[]]] }])
      expect(reportRunJson(object)).toBe(indentedAlone(object))
  })

  test('a run too deep for JSON.stringify is written on one line, as before', () => {
    let deep: unknown = 'bottom'
    for (let level = 0; level < 20_000; level++) deep = [deep]
    const text = reportRunJson({ id: 'deep', arguments: deep })
    expect(text.startsWith('    {"id":"deep","arguments":[[[')).toBe(true)
    expect(text).not.toContain('\n')
  })
})
