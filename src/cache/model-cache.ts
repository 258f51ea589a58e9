import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { threadId } from 'node:worker_threads'
import { InfrastructureError } from '../conversation/index.ts'
import type { JsonValue } from '../world/index.ts'
import type { CacheKeyParts } from './cache-key.ts'
import { cacheKey } from './cache-key.ts'
import { describeMessages } from './describe-messages.ts'
import type { CacheMode } from './cache-mode.ts'
import type { Cassette } from './cassette.ts'
import { CASSETTE_FORMAT } from './cassette.ts'
import { CacheDirectoryError } from './cache-directory-error.ts'
import { CorruptCassetteError } from './corrupt-cassette-error.ts'
import { staleTemporaryFiles } from './stale-temporary-files.ts'

/** The cache directory when none is configured. */
export const DEFAULT_CACHE_DIRECTORY = '.toolcheck-cache'

/** Options of `modelCache`. */
export interface ModelCacheOptions {
  /** Where cassettes live; `.toolcheck-cache` (relative to the working directory) by default. */
  readonly directory?: string
  /** `auto` by default. */
  readonly mode?: CacheMode
}

/** Distinguishes temporary files of concurrent writers in one process. */
let temporaryCounter = 0

/** A cassette's temporary file: `.<key>.<pid>-<thread>-<n>.tmp`. */
const TEMPORARY_FILE = /^\.[0-9a-f]+\.(\d+)-\d+-\d+\.tmp$/

/** The folders whose stale temporary files this process has removed (once each, on its first write there). */
const swept = new Set<string>()

/**
 * An on-disk record/replay cache of model calls: one JSON cassette per key, named after the key.
 * Writes go to a temporary file in the same directory and are renamed into place, so a reader
 * (another vitest worker) sees either no cassette or a whole one, and concurrent writers of the
 * same key each leave a whole file (the last rename wins; their contents are equivalent). The
 * temporary files of a writer killed before its rename are removed by the next process that
 * writes to the folder.
 */
export class ModelCache {
  readonly directory: string
  readonly mode: CacheMode

  constructor(options: ModelCacheOptions = {}) {
    this.directory = resolve(options.directory ?? DEFAULT_CACHE_DIRECTORY)
    this.mode = options.mode ?? 'auto'
  }

  /** The cassette file of a key. */
  fileFor(key: string): string {
    return join(this.directory, `${key}.json`)
  }

  /**
   * The recorded reply for these key parts, or undefined when there is none (or the mode does not
   * read). In `replay` mode a missing cassette throws `InfrastructureError('cache-miss')`; a
   * damaged one throws `CorruptCassetteError` in every mode that reads; a file where the folder
   * should be, `CacheDirectoryError`.
   */
  async lookup(parts: CacheKeyParts): Promise<JsonValue | undefined> {
    if (this.mode === 'off' || this.mode === 'record') return undefined
    const key = cacheKey(parts)
    const cassette = await this.read(key)
    if (cassette !== undefined) return cassette.reply
    if (this.mode === 'replay')
      throw new InfrastructureError(
        'cache-miss',
        `no recorded reply for ${parts.model} at ${parts.endpoint} (trial ${parts.trial}) to ${describeMessages(parts.messages)}: key ${key}, looked for ${this.fileFor(key)}; record it with TOOLCHECK_CACHE=auto or record`,
      )
    return undefined
  }

  /** Records a reply (in `record` and `auto` modes; otherwise does nothing). */
  async store(parts: CacheKeyParts, reply: JsonValue): Promise<void> {
    if (this.mode !== 'record' && this.mode !== 'auto') return
    const key = cacheKey(parts)
    await this.write({ format: CASSETTE_FORMAT, key, request: parts, reply })
  }

  /** Reads the cassette of a key; undefined when the file does not exist. */
  async read(key: string): Promise<Cassette | undefined> {
    const file = this.fileFor(key)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') throw new CacheDirectoryError(this.directory, { cause: error })
      throw new CorruptCassetteError(file, `it cannot be read: ${(error as Error).message}`, { cause: error })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw new CorruptCassetteError(file, `it is not valid JSON: ${(error as Error).message}`, { cause: error })
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new CorruptCassetteError(file, 'it is not a JSON object')
    const cassette = parsed as Partial<Cassette>
    if (cassette.format !== CASSETTE_FORMAT) throw new CorruptCassetteError(file, `its format is ${JSON.stringify(cassette.format)}, expected "${CASSETTE_FORMAT}"`)
    if (cassette.key !== key) throw new CorruptCassetteError(file, `it was recorded under key ${String(cassette.key)}`)
    if (cassette.reply === undefined) throw new CorruptCassetteError(file, 'it has no reply')
    return cassette as Cassette
  }

  /** Writes a cassette atomically (temporary file in the same directory, then rename). */
  async write(cassette: Cassette): Promise<void> {
    try {
      await mkdir(this.directory, { recursive: true })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST' || code === 'ENOTDIR') throw new CacheDirectoryError(this.directory, { cause: error })
      throw error
    }
    if (!swept.has(this.directory)) {
      swept.add(this.directory)
      await removeStaleTemporaryFiles(this.directory)
    }
    const file = this.fileFor(cassette.key)
    const temporary = join(this.directory, `.${cassette.key}.${process.pid}-${threadId}-${temporaryCounter++}.tmp`)
    try {
      await writeFile(temporary, `${JSON.stringify(cassette, null, 2)}\n`, 'utf8')
      await rename(temporary, file)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }
}

/**
 * Removes the temporary files of writers that were killed before they renamed them (see
 * `staleTemporaryFiles`). Best effort: a file another process removes first is no problem.
 */
async function removeStaleTemporaryFiles(directory: string): Promise<void> {
  const names = await readdir(directory).catch(() => [])
  await Promise.all(staleTemporaryFiles(names, TEMPORARY_FILE).map((name) => rm(join(directory, name), { force: true }).catch(() => {})))
}

/** Makes a model cache. */
export function modelCache(options: ModelCacheOptions = {}): ModelCache {
  return new ModelCache(options)
}
