// toolcheck's own sources: `src/` of the repository, or `dist/src/` of the built package, as a
// URL (ES module frames), a POSIX path and a Windows path. The built-in domains sit beside it
// (`scenarios/`), so their frames count as the domain's code.
const OWN_SOURCES = new URL('../', import.meta.url)
const OWN_PATH = decodeURIComponent(OWN_SOURCES.pathname)
const OWN_PREFIXES = [OWN_SOURCES.href, OWN_PATH, OWN_PATH.replace(/^\/([A-Za-z]:)/, '$1').replaceAll('/', '\\')]

/** Most stack lines kept: enough for the code that broke, not the whole call tree. */
const MAX_FRAMES = 12

/**
 * The stack of an error thrown by someone else's code (a tool, an agent), cut to that code: the
 * error line, then the frames from the first one outside toolcheck up to where toolcheck called
 * it. What toolcheck did around it (the run loop, vitest, Node's internals) says nothing about the
 * bug, and differs between runs in one worker or many. `undefined` for a value without a stack.
 */
export function codeStack(error: unknown): string | undefined {
  const stack = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined
  if (typeof stack !== 'string') return undefined
  const lines = stack.split('\n')
  const firstFrame = lines.findIndex((line) => line.trimStart().startsWith('at '))
  if (firstFrame < 0) return stack
  const kept = lines.slice(0, firstFrame)
  let frames = 0
  let reached = false
  for (const line of lines.slice(firstFrame)) {
    const own = OWN_PREFIXES.some((prefix) => line.includes(prefix))
    if (own && reached) break
    // toolcheck's frames above the code (a refused write) and built-ins between them are skipped.
    if (own || (!reached && !isSourceFrame(line))) continue
    reached = true
    if (frames++ < MAX_FRAMES) kept.push(line)
  }
  return kept.join('\n')
}

/** Whether a stack line points into a source file (not `<anonymous>`, not Node's internals). */
function isSourceFrame(line: string): boolean {
  return !line.includes('(<anonymous>)') && !line.includes('node:') && /[/\\]/.test(line)
}

/** A thrown value as one line: `TypeError: Cannot read properties of undefined (reading 'seats')`. */
export function thrownText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return String((error as { message: string }).message)
  return `${typeof error === 'string' ? 'the string' : 'the value'} ${describeCodeValue(error)}`
}

/** Most characters of a value quoted in a verdict. */
const VALUE_LIMIT = 500

/**
 * A value someone's code returned or threw, as the report shows it: JSON when it is JSON (cut to
 * a few hundred characters), else what it is (`undefined`, a function by name, an instance by
 * class).
 */
export function describeCodeValue(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'function') return `a function${value.name === '' ? '' : ` (${value.name})`}`
  if (typeof value === 'symbol' || typeof value === 'bigint') return String(value)
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  if (typeof value === 'object' && value !== null) {
    const prototype = Object.getPrototypeOf(value) as object | null
    if (prototype !== null && prototype !== Object.prototype && !Array.isArray(value)) return `an instance of ${(value as object).constructor?.name ?? 'a class'}`
  }
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    text = undefined
  }
  // A cycle, or a value too deep for JSON.stringify: String() of it would recurse as deep.
  if (text === undefined && typeof value === 'object' && value !== null) return Array.isArray(value) ? 'a list JSON cannot write (a cycle, or nested too deep)' : 'an object JSON cannot write (a cycle, or nested too deep)'
  if (text === undefined) return String(value)
  return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT - 1)}…` : text
}
