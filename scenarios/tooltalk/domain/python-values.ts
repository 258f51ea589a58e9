import { pythonFloatText } from '../../../src/evaluation/fill-conversion.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import type { JsonValue } from '../../../src/world/index.ts'

/**
 * What ToolTalk's Python code does with the JSON values a model sends, so its tools can be run on
 * anything a model sends and fail with the very texts Python raises (ToolTalk records
 * `str(exception)`, and ground-truth calls compare it as data). JSON maps to Python as
 * `json.loads` maps it: null → None, true/false → bool, a number → int when it is whole (JSON
 * does not keep `3` and `3.0` apart once parsed, so `3.0` reads as `3`), else float; text → str;
 * a list → list; an object → dict. Messages follow CPython 3.11.
 */

/** A Python exception raised inside a ToolTalk tool: its type name and `str(exception)`. */
export class PythonError extends ToolError {
  constructor(type: 'APIException' | 'TypeError' | 'ValueError' | 'KeyError' | 'AttributeError', message: string) {
    super(type, message)
    this.name = 'PythonError'
  }
}

/** ToolTalk's own `APIException`, with one of its messages. */
export function apiException(message: string): PythonError {
  return new PythonError('APIException', message)
}

/** Python's `type(value).__name__` for a JSON value. */
export function pythonTypeName(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'NoneType'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  if (typeof value === 'string') return 'str'
  return Array.isArray(value) ? 'list' : 'dict'
}

/** Python's `str(value)` (an f-string field): text as it is, everything else as `repr`. */
export function pythonStr(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : pythonRepr(value)
}

/** Python's `repr(value)`: `None`, `True`, `3`, `2.5`, `'text'`, `['a', 1]`, `{'k': None}`. */
export function pythonRepr(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'None'
  if (typeof value === 'boolean') return value ? 'True' : 'False'
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : pythonFloatText(value)
  if (typeof value === 'string') return stringRepr(value)
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`
  return `{${Object.entries(value)
    .map(([key, item]) => `${stringRepr(key)}: ${pythonRepr(item)}`)
    .join(', ')}}`
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u

/**
 * A string's repr: single quotes unless the text holds a single quote and no double one; the
 * quote, backslashes, tabs, newlines and returns escaped; characters Python does not print
 * written as `\xNN`, `\uNNNN` or `\UNNNNNNNN`.
 */
function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'"
  let out = quote
  for (const character of text) {
    const code = character.codePointAt(0) as number
    if (character === quote || character === '\\') out += `\\${character}`
    else if (character === '\t') out += '\\t'
    else if (character === '\n') out += '\\n'
    else if (character === '\r') out += '\\r'
    else if (NOT_PRINTABLE.test(character)) {
      if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`
      else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`
      else out += `\\U${code.toString(16).padStart(8, '0')}`
    } else out += character
  }
  return out + quote
}

/** Python's `==` on JSON values (True == 1, 1 == 1.0; a list equals a list of equal items). */
export function pythonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  const left = typeof a === 'boolean' ? Number(a) : (a ?? null)
  const right = typeof b === 'boolean' ? Number(b) : (b ?? null)
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return left === right
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false
    return left.every((item, index) => pythonEqual(item, right[index]))
  }
  const leftKeys = Object.keys(left)
  return leftKeys.length === Object.keys(right).length && leftKeys.every((key) => Object.hasOwn(right, key) && pythonEqual(left[key], right[key]))
}

/** Python's truth value: None, False, 0, empty text, list or dict are false. */
export function pythonTruthy(value: JsonValue | undefined): boolean {
  if (value === null || value === undefined) return false
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value !== 0
  if (typeof value === 'string') return value.length > 0
  return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0
}

/**
 * `value in mapping` (or `not in`) where the mapping's keys are texts, as ToolTalk looks users
 * and ids up: a list or dict cannot be a key (`TypeError: unhashable type`); any other value that
 * is not text is simply absent.
 */
export function pythonHasKey(keys: (key: string) => boolean, value: JsonValue | undefined): value is string {
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) throw new PythonError('TypeError', `unhashable type: '${pythonTypeName(value)}'`)
  return typeof value === 'string' && keys(value)
}

/**
 * `item in container` for a container that came from the model: a substring test in text (whose
 * left side must be text), membership by `==` in a list, a key test in a dict, and a `TypeError`
 * for anything that is not a container.
 */
export function pythonContains(container: JsonValue | undefined, item: JsonValue): boolean {
  if (typeof container === 'string') {
    if (typeof item !== 'string') throw new PythonError('TypeError', `'in <string>' requires string as left operand, not ${pythonTypeName(item)}`)
    return container.includes(item)
  }
  if (Array.isArray(container)) return container.some((element) => pythonEqual(element, item))
  if (container !== null && container !== undefined && typeof container === 'object') return pythonHasKey((key) => Object.hasOwn(container, key), item)
  throw new PythonError('TypeError', `argument of type '${pythonTypeName(container)}' is not iterable`)
}

/** `for item in value`: a list's items, a text's characters, a dict's keys; else `TypeError`. */
export function pythonIterate(value: JsonValue | undefined): JsonValue[] {
  if (Array.isArray(value)) return [...value]
  if (typeof value === 'string') return [...value]
  if (value !== null && value !== undefined && typeof value === 'object') return Object.keys(value)
  throw new PythonError('TypeError', `'${pythonTypeName(value)}' object is not iterable`)
}

/** `value + [item]`, as ToolTalk adds the organiser to the attendees. */
export function pythonAppend(value: JsonValue | undefined, item: JsonValue): JsonValue[] {
  if (Array.isArray(value)) return [...value, item]
  if (typeof value === 'string') throw new PythonError('TypeError', 'can only concatenate str (not "list") to str')
  throw new PythonError('TypeError', `unsupported operand type(s) for +: '${pythonTypeName(value)}' and 'list'`)
}

/** `value.lower()`; anything but text has no such method (`AttributeError`). */
export function pythonLower(value: JsonValue | undefined): string {
  if (typeof value !== 'string') throw new PythonError('AttributeError', `'${pythonTypeName(value)}' object has no attribute 'lower'`)
  return value.toLowerCase()
}

/** `re.match(pattern, value) is not None`; the value must be text (`TypeError` otherwise). */
export function pythonRegexMatch(pattern: RegExp, value: JsonValue | undefined): boolean {
  if (typeof value !== 'string') throw new PythonError('TypeError', `expected string or bytes-like object, got '${pythonTypeName(value)}'`)
  return pattern.test(value)
}

/** `str.split()` with no separator: the runs of non-whitespace. */
export function pythonSplit(text: string): string[] {
  return text.split(/\s+/u).filter((word) => word.length > 0)
}
