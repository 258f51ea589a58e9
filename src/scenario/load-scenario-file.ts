import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { jsonErrorPosition } from './json-error-position.ts'
import type { Scenario } from './scenario.ts'
import { defineScenario, ScenarioError } from './scenario.ts'

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
 * Reads one scenario from a JSON file and validates it. Throws `ScenarioFileError` when the file
 * cannot be read or is not JSON (with the line and column), and `ScenarioError` naming the file
 * and every invalid field otherwise. A `$schema` key is allowed and ignored.
 */
export async function loadScenarioFile(file: string): Promise<Scenario> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new ScenarioFileError(file, `cannot be read (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ScenarioFileError(file, `is not valid JSON: ${jsonErrorPlace(text, error)}`, { cause: error })
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ScenarioFileError(file, 'must hold one JSON object (a scenario)')
  const { $schema: _schema, ...scenario } = data as Record<string, unknown>
  return defineScenario(scenario as Parameters<typeof defineScenario>[0], file)
}

/** What `loadScenarioDirectory` found: the valid scenarios, and every file that failed, with why. */
export interface ScenarioDirectory {
  readonly scenarios: readonly Scenario[]
  readonly errors: readonly (ScenarioFileError | ScenarioError)[]
}

/**
 * Loads every `*.json` scenario file of a folder, in file-name order. A bad file does not stop the
 * others: it is reported in `errors`, and duplicate ids are reported too (the first file wins).
 */
export async function loadScenarioDirectory(directory: string): Promise<ScenarioDirectory> {
  const files = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort()
  const scenarios: Scenario[] = []
  const errors: (ScenarioFileError | ScenarioError)[] = []
  const seen = new Map<string, string>()
  for (const name of files) {
    const file = join(directory, name)
    try {
      const scenario = await loadScenarioFile(file)
      const first = seen.get(scenario.id)
      if (first !== undefined) {
        errors.push(new ScenarioFileError(file, `repeats the id "${scenario.id}" of ${first}; ids must be unique`))
        continue
      }
      seen.set(scenario.id, file)
      scenarios.push(scenario)
    } catch (error) {
      if (error instanceof ScenarioFileError || error instanceof ScenarioError) errors.push(error)
      else throw error
    }
  }
  return { scenarios, errors }
}

/** "line L, column C: <reason>" for a JSON.parse error. */
function jsonErrorPlace(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const position = jsonErrorPosition(text)
  if (position === undefined) return message
  const before = text.slice(0, position)
  const line = before.split('\n').length
  const column = position - before.lastIndexOf('\n')
  return `line ${line}, column ${column}: ${message}`
}
