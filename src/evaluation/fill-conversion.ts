import type { FillConversion } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'

/**
 * Converts one extracted value as ToolSandbox's extractors do (see `FillConversion`): the
 * converted alternatives (one for `float` and `int`, four texts for `decimals`), or none when
 * Python's `float(...)` / `int(...)` would raise, which ToolSandbox treats as "nothing extracted".
 */
export function convertFillValue(value: JsonValue, conversion: FillConversion): JsonValue[] {
  if (conversion === 'int') {
    const whole = pythonInt(value)
    return whole === undefined ? [] : [whole]
  }
  const number = pythonFloat(value)
  if (number === undefined) return []
  if (conversion === 'float') return [number]
  return [0, 1, 2, 3].map((digits) => pythonFixed(number, digits))
}

/** How a converted value reads inside a `{name}` placeholder: as Python's `str` prints it. */
export function convertedText(value: JsonValue, conversion: FillConversion): string | undefined {
  if (typeof value !== 'number') return undefined
  return conversion === 'int' ? wholeNumberText(value) : conversion === 'float' ? pythonFloatText(value) : undefined
}

const DIGITS = String.raw`\d(?:_?\d)*`
const FLOAT_TEXT = new RegExp(String.raw`^[+-]?(?:(?:${DIGITS})?\.${DIGITS}|${DIGITS}\.?)(?:[eE][+-]?${DIGITS})?$`)
const SPECIAL_FLOAT = /^[+-]?(?:inf|infinity|nan)$/i
const INT_TEXT = new RegExp(String.raw`^[+-]?${DIGITS}$`)

/**
 * Python's `float(value)` on a JSON value: numbers as they are, booleans as 1 and 0, texts in
 * Python's float syntax (surrounding whitespace, `_` between digits, `inf`, `nan`), anything else
 * undefined (Python raises).
 */
export function pythonFloat(value: JsonValue): number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (SPECIAL_FLOAT.test(text)) {
    const negative = text.startsWith('-')
    if (/nan/i.test(text)) return Number.NaN
    return negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
  }
  if (!FLOAT_TEXT.test(text)) return undefined
  return Number(text.replaceAll('_', ''))
}

/**
 * Python's `int(value)` on a JSON value: numbers truncated toward zero (infinite and NaN values
 * raise), booleans as 1 and 0, texts that are whole numbers; anything else undefined.
 */
export function pythonInt(value: JsonValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) + 0 : undefined
  if (typeof value === 'boolean') return value ? 1 : 0
  if (typeof value !== 'string') return undefined
  const text = value.trim()
  if (!INT_TEXT.test(text)) return undefined
  return Number(BigInt(text.replaceAll('_', '')))
}

function wholeNumberText(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value)
}

/**
 * Python's `repr` of a float: the shortest digits that read back as the same number (JavaScript
 * finds the same digits), in fixed notation for exponents from −4 to 15 with at least one decimal
 * (`3.0`), otherwise in scientific notation with a two-digit exponent (`1e+16`, `1e-05`).
 */
export function pythonFloatText(value: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  const [mantissa = '0', exponentText = '0'] = Math.abs(value).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const exponent = Number(exponentText)
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')
    const fraction = digits.slice(exponent + 1)
    return `${sign}${whole}.${fraction === '' ? '0' : fraction}`
  }
  const shortMantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`
  const magnitude = String(Math.abs(exponent)).padStart(2, '0')
  return `${sign}${shortMantissa}e${exponent < 0 ? '-' : '+'}${magnitude}`
}

/**
 * Python's `f"{value:.{digits}f}"`: the exact binary value rounded to `digits` decimals, a half
 * going to the even neighbour (JavaScript's `toFixed` sends it up, so 0.125 gives 0.13 there and
 * 0.12 in Python).
 */
export function pythonFixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return 'nan'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  const negative = value < 0 || Object.is(value, -0)
  const { mantissa, exponent } = binaryParts(Math.abs(value))
  // |value| × 10^digits = mantissa × 10^digits × 2^exponent, as a fraction over a power of two.
  let numerator = mantissa * 10n ** BigInt(digits)
  let denominator = 1n
  if (exponent >= 0) numerator <<= BigInt(exponent)
  else denominator <<= BigInt(-exponent)
  let rounded = numerator / denominator
  const twiceRemainder = 2n * (numerator % denominator)
  if (twiceRemainder > denominator || (twiceRemainder === denominator && rounded % 2n === 1n)) rounded += 1n
  const text = rounded.toString().padStart(digits + 1, '0')
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`
  return `${negative ? '-' : ''}${body}`
}

/** A finite, non-negative double as mantissa × 2^exponent with an integer mantissa. */
function binaryParts(value: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, value)
  const bits = view.getBigUint64(0)
  const biased = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & ((1n << 52n) - 1n)
  if (biased === 0) return { mantissa: fraction, exponent: -1074 }
  return { mantissa: fraction | (1n << 52n), exponent: biased - 1075 }
}
