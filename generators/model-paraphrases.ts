import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Scenario } from '../src/scenario/index.ts'

/**
 * Writes paraphrases of a first user message. Usually a model behind it; injected, so the
 * generators never reach a network on their own.
 */
export type Paraphraser = (request: ParaphraseRequest) => Promise<readonly string[]>

/** What a paraphraser is asked for. */
export interface ParaphraseRequest {
  /** The message to paraphrase. */
  readonly message: string
  /** How many paraphrases to write. */
  readonly count: number
  /** The user's goal, so a paraphrase keeps its meaning. */
  readonly goal: string
  readonly signal?: AbortSignal
}

/** Options of `modelParaphrases`. */
export interface ModelParaphrasesOptions {
  readonly paraphraser: Paraphraser
  /** The model's name: part of the cache key, so paraphrases of different models never mix. */
  readonly model: string
  /** How many paraphrases to ask for; 3 by default. */
  readonly count?: number
  /** Where to keep them; without it nothing is cached and the paraphraser is asked every time. */
  readonly cacheDirectory?: string
  readonly signal?: AbortSignal
}

interface CacheEntry {
  readonly scenario: string
  readonly model: string
  readonly message: string
  readonly count: number
  readonly paraphrases: readonly string[]
}

/**
 * Model-written paraphrases of a scenario's first message, asked for once and then read from the
 * cache (one JSON file per scenario id and model; rewritten when the message or count changes).
 * Pass the result to `paraphrases({ scenario, written })` or `augmentation({ writtenParaphrases })`:
 * fast-check's arbitraries are synchronous, so writing happens before the sweep, never while it
 * shrinks. Empty and duplicate answers, and answers equal to the message itself, are dropped.
 */
export async function modelParaphrases(scenario: Pick<Scenario, 'id' | 'firstMessage' | 'user'>, options: ModelParaphrasesOptions): Promise<string[]> {
  const count = options.count ?? 3
  const file = options.cacheDirectory === undefined ? undefined : join(options.cacheDirectory, cacheFileName(scenario.id, options.model))
  if (file !== undefined) {
    const cached = await readEntry(file)
    if (cached !== undefined && cached.message === scenario.firstMessage && cached.count === count && cached.model === options.model) return [...cached.paraphrases]
  }
  const answers = await options.paraphraser({
    message: scenario.firstMessage,
    count,
    goal: scenario.user.goal,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  })
  const cleaned = [...new Set(answers.map((answer) => answer.trim()))].filter((answer) => answer !== '' && answer !== scenario.firstMessage.trim())
  if (file !== undefined && options.cacheDirectory !== undefined) {
    const entry: CacheEntry = { scenario: scenario.id, model: options.model, message: scenario.firstMessage, count, paraphrases: cleaned }
    await mkdir(options.cacheDirectory, { recursive: true })
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`
    await writeFile(temporary, `${JSON.stringify(entry, null, 2)}\n`)
    await rename(temporary, file)
  }
  return cleaned
}

/** `<scenario id>--<readable model>-<hash>.json`: readable, and distinct for models whose names differ only in punctuation. */
function cacheFileName(scenarioId: string, model: string): string {
  const readable = model.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60)
  const hash = createHash('sha256').update(model).digest('hex').slice(0, 8)
  return `${scenarioId}--${readable}-${hash}.json`
}

async function readEntry(file: string): Promise<CacheEntry | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    return undefined
  }
  try {
    const entry = JSON.parse(text) as CacheEntry
    return Array.isArray(entry.paraphrases) && entry.paraphrases.every((item) => typeof item === 'string') ? entry : undefined
  } catch {
    // A damaged cache file is rewritten rather than trusted.
    return undefined
  }
}
