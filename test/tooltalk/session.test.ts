import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { isEmailAddress, isPhoneNumber } from '../../scenarios/tooltalk/domain/session.ts'

// The characters that decide ToolTalk's checks, ASCII and not: letters, digits (Arabic-Indic and
// full-width among them), the punctuation the patterns name, newlines and others.
const character = fc.oneof(
  fc.constantFrom('a', 'Z', '0', '9', '_', '-', '.', '@', '\n', ' ', '+', '~', '\x7f'),
  fc.constantFrom('é', 'ß', 'Ж', '中', '٣', '３', 'ª', '²', '\u2028', '\u00a0'),
)
const text = fc.oneof(
  fc.string({ unit: character, maxLength: 14 }),
  fc.tuple(fc.string({ unit: character, maxLength: 6 }), fc.string({ unit: character, maxLength: 6 })).map(([user, host]) => `${user}@${host}`),
  fc.tuple(...[3, 3, 4].map((length) => fc.string({ unit: fc.constantFrom('1', '٣', '３', 'x'), minLength: length, maxLength: length }))).map((parts) => parts.join('-')),
)

describe("ToolTalk's address checks", () => {
  test('read text as Python\'s re.match with \\w and \\d does, ASCII or not', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('', '\n'), (value, end) => {
        const checked = value + end
        expect(isEmailAddress(checked)).toBe(/^[\p{L}\p{N}_\-.]+@[\p{L}\p{N}_\-.]+\n?$/u.test(checked))
        expect(isPhoneNumber(checked)).toBe(/^\p{Nd}{3}-\p{Nd}{3}-\p{Nd}{4}\n?$/u.test(checked))
      }),
      { numRuns: 2000 },
    )
    expect(isEmailAddress('justintime@fmail.com')).toBe(true)
    expect(isEmailAddress('jüstin@fmail.com')).toBe(true)
    expect(isPhoneNumber('123-456-7890\n')).toBe(true)
    expect(isPhoneNumber('１２３-456-7890')).toBe(true)
    expect(() => isEmailAddress(null)).toThrow("expected string or bytes-like object, got 'NoneType'")
  })
})
