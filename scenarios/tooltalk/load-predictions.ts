import { readdir, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { z } from 'zod'
import { jsonValueSchema } from '../../src/domain/world-spec.ts'
import type { ToolTalkCall } from './domain/index.ts'
import { readJsonFile } from './read-json-file.ts'

/** One entry of a turn's `predictions` in ToolTalk's output: a call with its outcome, or the final text. */
const predictionSchema = z.union([
  z.object({
    role: z.literal('api'),
    request: z.object({ api_name: z.string(), parameters: z.record(z.string(), jsonValueSchema).nullable() }),
    response: jsonValueSchema.nullable().default(null),
    exception: z.string().nullable().default(null),
  }),
  z.object({ role: z.literal('assistant'), text: z.string().nullable().default('') }),
])

/**
 * A file of ToolTalk's output (`evaluate_openai.py` writes one per conversation): the
 * conversation again, each assistant turn with the `predictions` the model made there. Other
 * fields (`metadata`, `match`, `bad_action`, `metrics`) are read past: they are recomputed.
 */
export const toolTalkPredictionFileSchema = z.object({
  name: z.string().min(1),
  conversation: z.array(z.object({ role: z.string(), predictions: z.array(predictionSchema).optional() })).min(1),
})

/** The predictions of one conversation, read from ToolTalk's output. */
export interface ToolTalkPredictions {
  readonly file: string
  /** The conversation's name (`name` in the file). */
  readonly name: string
  /** Per turn of the file, in order: the calls predicted there and the final text, if any. */
  readonly turns: readonly { readonly position: number; readonly role: string; readonly calls: readonly ToolTalkCall[]; readonly answer?: string }[]
}

/** What `loadToolTalkPredictions` read, and which files it could not. */
export interface ToolTalkPredictionSet {
  readonly path: string
  /** By conversation name. */
  readonly predictions: ReadonlyMap<string, ToolTalkPredictions>
  readonly errors: readonly { readonly file: string; readonly message: string }[]
}

/**
 * Reads predictions in ToolTalk's own output format: a folder of its per-conversation files (as
 * `--output_dir` holds them) or one such file. A file that is not JSON or not in that format is
 * listed in `errors` with what is wrong; two files for one conversation are an error too.
 */
export async function loadToolTalkPredictions(path: string): Promise<ToolTalkPredictionSet> {
  const where = resolve(path)
  let files: string[]
  try {
    files = (await stat(where)).isDirectory() ? (await readdir(where)).filter((name) => name.endsWith('.json')).sort().map((name) => join(where, name)) : [where]
  } catch (error) {
    throw new Error(`cannot read the predictions at ${where} (${(error as Error).message})`)
  }
  const predictions = new Map<string, ToolTalkPredictions>()
  const errors: { file: string; message: string }[] = []
  for (const file of files) {
    const read = await readJsonFile(file)
    if (!read.ok) {
      errors.push(read.error)
      continue
    }
    const parsed = toolTalkPredictionFileSchema.safeParse(read.content)
    if (!parsed.success) {
      const problems = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(top level)'}: ${issue.message}`)
      errors.push({ file, message: `${file}: not a ToolTalk prediction file (${problems.join('; ')})` })
      continue
    }
    const earlier = predictions.get(parsed.data.name)
    if (earlier !== undefined) {
      errors.push({ file, message: `${file}: predictions for ${parsed.data.name} again (first in ${basename(earlier.file)})` })
      continue
    }
    predictions.set(parsed.data.name, {
      file,
      name: parsed.data.name,
      turns: parsed.data.conversation.map((turn, position) => {
        const entries = turn.predictions ?? []
        const calls: ToolTalkCall[] = []
        let answer: string | undefined
        for (const entry of entries) {
          if (entry.role === 'api') calls.push({ apiName: entry.request.api_name, parameters: entry.request.parameters, response: entry.response, exception: entry.exception })
          else answer = entry.text ?? ''
        }
        return { position, role: turn.role, calls, ...(answer === undefined ? {} : { answer }) }
      }),
    })
  }
  return { path: where, predictions, errors }
}
