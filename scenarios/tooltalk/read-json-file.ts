import type { JsonValue } from '../../src/world/index.ts'
import type { ToolTalkFileError } from './load-dataset.ts'

// Taken, not imported: an ES module import of node:fs loads its promise API too (see
// src/cli/builtin-modules.ts), a cost on the start-up path of toolcheck tooltalk.
const fs = process.getBuiltinModule('node:fs')

/** A JSON file's content, or the error that names the file and why it could not be read. */
export async function readJsonFile(file: string): Promise<{ readonly ok: true; readonly content: JsonValue } | { readonly ok: false; readonly error: ToolTalkFileError }> {
  try {
    return { ok: true, content: JSON.parse(fs.readFileSync(file, 'utf8')) as JsonValue }
  } catch (error) {
    return { ok: false, error: { file, message: `${file}: not valid JSON (${(error as Error).message})` } }
  }
}
