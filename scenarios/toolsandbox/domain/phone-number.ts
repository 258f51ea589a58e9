import { ToolError } from '../../../src/tools/tool-error.ts'

/** Characters people put between digits of a phone number; they are dropped. */
const SEPARATORS = /[\s\-.()]/g

/**
 * Checks a phone number and returns it in the stored form `+<country code><number>`.
 *
 * The number must start with `+` and hold 8 to 15 digits in all (the international E.164
 * limit); spaces, hyphens, dots and parentheses between digits are dropped. A number without
 * the country code is refused because the device cannot guess the country.
 */
export function normalizePhoneNumber(value: string, argument = 'phone_number'): string {
  const compact = value.trim().replace(SEPARATORS, '')
  const example = '"+14155550132"'
  if (!compact.startsWith('+'))
    throw new ToolError('ValueError', `${argument} "${value}" has no country code: write it as + followed by the country code and number, such as ${example}`)
  const digits = compact.slice(1)
  if (!/^\d+$/.test(digits))
    throw new ToolError('ValueError', `${argument} "${value}" may hold only digits after the +, such as ${example}`)
  if (digits.length < 8 || digits.length > 15)
    throw new ToolError('ValueError', `${argument} "${value}" has ${digits.length} digits; an international number has 8 to 15 digits after the +, such as ${example}`)
  return `+${digits}`
}
