import type { Stats } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { jsonErrorPosition } from './json-error-position.ts'
import { MAX_SCENARIO_DEPTH, tooDeepInText } from './nesting-depth.ts'
import type { Scenario } from './scenario.ts'
import { parseScenario } from './scenario.ts'
import type { AnyDomain } from '../domain/index.ts'
import { resolveScenarioDomain, UnknownDomainError, withDomain } from './scenario-domain.ts'
import { ScenarioError } from './scenario-error.ts'
import { withoutByteOrderMark } from './without-byte-order-mark.ts'

/** Options of `loadScenarioFile` and `loadScenarioDirectory`. */
export interface LoadScenarioOptions {
  /**
   * The domains scenario files may name (`"domain": "bank"`); the built-in `device` is always
   * known. A file is checked against its domain when it is loaded.
   */
  readonly domains?: readonly AnyDomain[]
}

/** A scenario file that could not be read or parsed; the message names the file and the place. */
export class ScenarioFileError extends Error {
  readonly file: string

  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super(`${file}: ${message}`, options)
    this.name = 'ScenarioFileError'
    this.file = file
  }
}

/**
 * Reads one scenario from a JSON file, validates it and checks it against the domain it names
 * (`domain`, `device` by default), looked up in `options.domains` and the built-in domains.
 * Throws `ScenarioFileError` when the file cannot be read or is not JSON (with the line and
 * column), and `ScenarioError` naming the file and every invalid field otherwise (an unknown
 * domain, tables or tools the domain lacks included). A `$schema` key is allowed and ignored.
 */
export async function loadScenarioFile(file: string, options: LoadScenarioOptions = {}): Promise<Scenario> {
  let text: string
  try {
    // A FIFO, socket or device never ends (or never starts) when read: reading one would hang
    // the load. Only regular files (or links to them) are read.
    const kind = nonRegularKind(await stat(file))
    if (kind !== undefined) throw new ScenarioFileError(file, `is ${kind}, not a regular file; a scenario file is a JSON file`)
    text = await readFile(file, 'utf8')
  } catch (error) {
    if (error instanceof ScenarioFileError) throw error
    throw new ScenarioFileError(file, `cannot be read (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  }
  // Editors on Windows start UTF-8 files with a byte-order mark, which JSON.parse refuses.
  text = withoutByteOrderMark(text)
  const deep = tooDeepInText(text)
  if (deep !== undefined) throw new ScenarioFileError(file, `nests values more than ${MAX_SCENARIO_DEPTH} levels deep (${lineAndColumn(text, deep)}); a scenario file may nest objects and arrays at most ${MAX_SCENARIO_DEPTH} levels`)
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ScenarioFileError(file, `is not valid JSON: ${jsonErrorPlace(text, error)}`, { cause: error })
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ScenarioFileError(file, 'must hold one JSON object (a scenario)')
  const { $schema: _schema, ...input } = data as Record<string, unknown>
  const scenario = parseScenario(input as Parameters<typeof parseScenario>[0], file)
  let domain
  try {
    domain = await resolveScenarioDomain(scenario, options)
  } catch (error) {
    if (error instanceof UnknownDomainError) throw new ScenarioError(file, [{ path: ['domain'], message: error.message.replace(/^scenario \S+ names /, 'names ') }])
    if (error instanceof ScenarioError) throw new ScenarioError(file, error.issues)
    throw error
  }
  return withDomain(scenario, domain)
}

/** What `loadScenarioDirectory` found: the valid scenarios, and every file that failed, with why. */
export interface ScenarioDirectory {
  readonly scenarios: readonly Scenario[]
  readonly errors: readonly (ScenarioFileError | ScenarioError)[]
}

/**
 * Loads every `*.json` scenario file of a folder, in file-name order, as `loadScenarioFile` does
 * (with the same `options`). A bad file does not stop the others: it is reported in `errors`, and duplicate ids are reported too (the first file wins).
 */
export async function loadScenarioDirectory(directory: string, options: LoadScenarioOptions = {}): Promise<ScenarioDirectory> {
  // A folder named like a scenario file is no file of the folder's: it is left alone.
  const files = (await readdir(directory, { withFileTypes: true }))
    .filter((entry) => entry.name.endsWith('.json') && !entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
  const scenarios: Scenario[] = []
  const errors: (ScenarioFileError | ScenarioError)[] = []
  const seen = new Map<string, string>()
  for (const name of files) {
    const file = join(directory, name)
    try {
      const scenario = await loadScenarioFile(file, options)
      const first = seen.get(scenario.id)
      if (first !== undefined) {
        errors.push(new ScenarioFileError(file, `repeats the id "${scenario.id}" of ${first}; ids must be unique`))
        continue
      }
      seen.set(scenario.id, file)
      scenarios.push(scenario)
    } catch (error) {
      // Whatever went wrong with one file (even a domain whose world cannot be built) is that
      // file's error: the other files still load.
      errors.push(error instanceof ScenarioFileError || error instanceof ScenarioError ? error : new ScenarioFileError(file, `could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error }))
    }
  }
  return { scenarios, errors }
}

/** What a file that is not a regular file is, in words; undefined for a regular file. */
function nonRegularKind(info: Stats): string | undefined {
  if (info.isFile()) return undefined
  if (info.isFIFO()) return 'a FIFO (a named pipe)'
  if (info.isSocket()) return 'a socket'
  if (info.isDirectory()) return 'a folder'
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device'
  return 'no regular file'
}

/** "line L, column C: <reason>" for a JSON.parse error. */
function jsonErrorPlace(text: string, error: unknown): string {
  // JSON.parse quotes the character it stopped at, which for a mark past the start is invisible.
  const message = (error instanceof Error ? error.message : String(error)).replaceAll('\uFEFF', 'U+FEFF byte-order mark')
  const position = jsonErrorPosition(text)
  return position === undefined ? message : `${lineAndColumn(text, position)}: ${message}`
}

/** "line L, column C" of an offset in a text. */
function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position)
  return `line ${before.split('\n').length}, column ${position - before.lastIndexOf('\n')}`
}
