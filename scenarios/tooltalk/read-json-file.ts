import { fs } from '../../src/builtin-modules.ts'
import type { JsonValue } from '../../src/world/index.ts'
import type { ToolTalkFileError } from './load-dataset.ts'

/** A JSON file's content, or the error that names the file and why it could not be read. */
export async function readJsonFile(file: string): Promise<{ readonly ok: true; readonly content: JsonValue } | { readonly ok: false; readonly error: ToolTalkFileError }> {
  try {
    return { ok: true, content: JSON.parse(fs.readFileSync(file, 'utf8')) as JsonValue }
  } catch (error) {
    return { ok: false, error: { file, message: `${file}: not valid JSON (${(error as Error).message})` } }
  }
}
