import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COMMA, isJsonSpace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes.ts'

/** A report file whose JSON is broken, cut short or not shaped as a report; the message says where. */
export class ReportJsonError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReportJsonError'
  }
}

const NULL = Buffer.from('null')

/** Options of `streamReportRuns`. */
export interface StreamOptions {
  /** Top-level members (after `runs`) whose object or array value is not kept: it reads as `null`. */
  readonly skip?: readonly string[]
  /** How many bytes are read at a time (256 KiB by default). */
  readonly chunkBytes?: number
}

/**
 * Reads a JSON object from `file` in chunks, handing each element of its top-level `runs` array
 * to `onRun` as soon as it is whole (parsed on its own with `JSON.parse`), and returns the rest
 * of the object, its `runs` left empty. So a report of any number of runs is read holding one run
 * at a time, whatever its layout.
 *
 * Every piece of text is parsed by `JSON.parse`, so what is accepted is exactly JSON; the file is
 * scanned only for where each run ends. A run's end is found by a scan of its bytes that follows
 * strings and brackets; when a run ends on a line of its own (`JSON.stringify(value, null, 2)`
 * ends each run with a newline, its indentation and `}`), that line is looked for directly in the
 * next runs (from where the shortest run so far would end), and a candidate is taken only if it
 * parses as JSON: text that starts at a `{` and parses as one object ends at that brace's match,
 * so no candidate can cut a run short, and one past the run's end fails to parse.
 * Elements of `runs` must be objects. Members after `runs` named in `skip` read as `null`, so a
 * large one that is not needed (a report's `summary`) is never held.
 */
export async function streamReportRuns(file: string, onRun: (run: unknown) => void, options: StreamOptions = {}): Promise<Record<string, unknown>> {
  // Bytes outside the runs array: before it (to its `[`) and after it (from its `]`).
  const rest: Buffer[] = []
  const scanner = new TopLevelScanner()
  const skip = options.skip ?? []
  // In the tail, whether a skipped member's value is being passed over.
  let skipping = false
  let state: 'head' | 'runs' | 'tail' = 'head'
  // In the runs array: the last line that ended a run, and the length of the shortest run.
  let closing: Buffer | undefined
  let shortest = Number.POSITIVE_INFINITY
  let position = 0
  // The report's members after its runs, each skipped one's value replaced by null.
  const tail = (bytes: Buffer, from: number) => {
    if (skip.length === 0) {
      rest.push(Buffer.from(bytes.subarray(from)))
      return
    }
    let start = from
    for (;;) {
      const found = scanner.scan(bytes, start, skip)
      if (found === -1) break
      if (!skipping) rest.push(Buffer.from(bytes.subarray(from, found)), NULL)
      else from = found + 1
      skipping = !skipping
      start = found + 1
    }
    if (!skipping) rest.push(Buffer.from(bytes.subarray(from)))
  }
  const parse = (text: Buffer, offset: number): unknown => {
    try {
      return JSON.parse(text.toString('utf8'))
    } catch (error) {
      throw new ReportJsonError(`${file}: not JSON (the run at byte ${offset}: ${(error as Error).message})`)
    }
  }
  // Every chunk is read into the same buffer (see `ChunkReader`): what is kept of one is copied,
  // but the bytes of a run cut by the chunk's end, which are read again with the next.
  const reader = await ChunkReader.open(file, options.chunkBytes ?? 1 << 18)
  try {
    let keep = 0
    for (;;) {
      const chunk = await reader.next(keep)
      if (chunk === undefined) break
      keep = 0
      let bytes = chunk
      if (state === 'head') {
        if (position === 0) {
          const first = chunk.findIndex((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09 && byte !== 0xef && byte !== 0xbb && byte !== 0xbf)
          if (first !== -1 && chunk[first] !== OPEN_OBJECT) throw new ReportJsonError(`${file}: not JSON, or not a JSON object (it starts with ${JSON.stringify(chunk.toString('utf8', first, first + 12))})`)
        }
        const runsAt = scanner.scan(chunk, 0, ['runs'])
        if (runsAt === -1) {
          rest.push(Buffer.from(chunk))
          position += chunk.length
          continue
        }
        rest.push(Buffer.from(chunk.subarray(0, runsAt + 1)))
        state = 'runs'
        position += runsAt + 1
        bytes = chunk.subarray(runsAt + 1)
      }
      if (state === 'tail') {
        tail(chunk, 0)
        continue
      }
      // The bytes not yet consumed, from `at`.
      const pending = bytes
      let at = 0
      while (at < pending.length) {
        const byte = pending[at] as number
        if (isJsonSpace(byte) || byte === COMMA) {
          at++
          continue
        }
        if (byte === CLOSE_ARRAY) {
          state = 'tail'
          scanner.closed()
          rest.push(Buffer.from(pending.subarray(at, at + 1)))
          tail(pending, at + 1)
          break
        }
        if (byte !== OPEN_OBJECT) throw new ReportJsonError(`${file}: the run at byte ${position + at} is not an object`)
        let run: unknown
        let end = -1
        if (closing !== undefined) {
          // No run so far was shorter than `shortest`, so the search starts where a run that long
          // would close: one shorter still is found too far on, fails to parse, and is scanned.
          const found = pending.indexOf(closing, Math.max(at, at + shortest - closing.length))
          if (found !== -1) {
            end = found + closing.length
            try {
              run = JSON.parse(pending.toString('utf8', at, end))
            } catch {
              end = -1
            }
          }
        }
        if (end === -1) {
          end = objectEnd(pending, at)
          // The run goes on in the next chunk.
          if (end === -1) break
          run = parse(pending.subarray(at, end), position + at)
          closing = closingLine(pending, at, end)
        }
        onRun(run)
        shortest = Math.min(shortest, end - at)
        at = end
      }
      position += at
      // A run cut by the chunk's end is read again with the next chunk.
      if (state === 'runs') keep = pending.length - at
    }
  } finally {
    await reader.close()
  }
  if (state !== 'tail') throw new ReportJsonError(`${file}: not JSON, or no "runs" list (${state === 'head' ? 'no "runs" list was found' : 'it ends inside "runs"; was it cut short?'})`)
  let value: unknown
  try {
    value = JSON.parse(Buffer.concat(rest).toString('utf8'))
  } catch (error) {
    throw new ReportJsonError(`${file}: not JSON (${(error as Error).message})`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ReportJsonError(`${file}: not a JSON object`)
  return value as Record<string, unknown>
}

/**
 * Reads a file a chunk at a time into one buffer, reused: a chunk is valid only until the next is
 * read. A report of any size is so read without a new buffer per chunk (which the garbage
 * collector would free only long after), and a run cut by a chunk's end is carried over without
 * joining buffers: its bytes are moved to the front and the next bytes put after them. The next
 * bytes are read ahead, while the chunk before them is parsed.
 */
class ChunkReader {
  readonly #handle: FileHandle
  #buffer: Buffer
  // Where the last chunk ends in the buffer.
  #end = 0
  // The file's next bytes, read while the chunk before them is parsed, into a buffer of their own:
  // the buffer of chunks keeps the end of a run cut by a chunk's end, and how much that is is
  // known only once the chunk is parsed. Waiting on each read after parsing, comparing two reports
  // of 100,000 runs (440 MB of report.json) spent a fifth of its time idle.
  #ahead: Buffer
  #reading: Promise<number> | undefined
  readonly #size: number

  private constructor(handle: FileHandle, size: number) {
    this.#handle = handle
    this.#size = size
    this.#buffer = Buffer.allocUnsafe(size)
    this.#ahead = Buffer.allocUnsafe(size)
  }

  static async open(file: string, size: number): Promise<ChunkReader> {
    return new ChunkReader(await open(file, 'r'), size)
  }

  /** The next chunk, starting with the last `keep` bytes of the one before; undefined at the end of the file. */
  async next(keep: number): Promise<Buffer | undefined> {
    const bytesRead = await (this.#reading ?? this.#read())
    this.#reading = undefined
    if (bytesRead === 0) return undefined
    if (keep + bytesRead > this.#buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, keep + bytesRead))
      this.#buffer.copy(larger, 0, this.#end - keep, this.#end)
      this.#buffer = larger
    } else this.#buffer.copyWithin(0, this.#end - keep, this.#end)
    this.#ahead.copy(this.#buffer, keep, 0, bytesRead)
    this.#end = keep + bytesRead
    // A run longer than the chunks grows the buffer, and the reads with it, so that a long run
    // is not moved to the front once for every chunk of it.
    const wanted = Math.max(this.#size, this.#buffer.length / 2)
    if (this.#ahead.length < wanted) this.#ahead = Buffer.allocUnsafe(wanted)
    // The read after these bytes goes on while they are parsed.
    this.#reading = this.#read()
    this.#reading.catch(() => {})
    return this.#buffer.subarray(0, this.#end)
  }

  async close(): Promise<void> {
    await this.#reading?.catch(() => {})
    await this.#handle.close()
  }

  async #read(): Promise<number> {
    return (await this.#handle.read(this.#ahead, 0, this.#ahead.length, null)).bytesRead
  }
}

/**
 * Follows the strings and brackets of a JSON object's text chunk after chunk, to find where a
 * top-level member's object or array value opens and where it closes.
 */
class TopLevelScanner {
  #depth = 0
  #inString = false
  #escaped = false
  // The text of the last top-level key, and whether it is being read.
  #key: number[] = []
  #readingKey = false
  /** The key of the value being followed (its closing bracket is looked for), if any. */
  #following = false

  /**
   * From `from` in `chunk`: the index of the bracket that opens the value of one of `keys`, or
   * (while one is followed) of the bracket that closes it; -1 when neither is in this chunk.
   */
  scan(chunk: Buffer, from: number, keys: readonly string[]): number {
    if (this.#following) return this.#close(chunk, from)
    // Locals in the loop, written back on the way out: private fields are slower to reach per byte.
    let depth = this.#depth
    let inString = this.#inString
    let escaped = this.#escaped
    let readingKey = this.#readingKey
    let found = -1
    for (let index = from; index < chunk.length; index++) {
      const byte = chunk[index] as number
      if (inString) {
        if (escaped) escaped = false
        else if (byte === BACKSLASH) escaped = true
        else if (byte === QUOTE) inString = readingKey = false
        if (readingKey && inString) this.#key.push(byte)
        continue
      }
      if (byte === QUOTE) {
        inString = true
        readingKey = depth === 1
        if (readingKey) this.#key = []
      } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        depth++
        if (depth === 2 && keys.includes(Buffer.from(this.#key).toString('utf8'))) {
          this.#following = true
          found = index
          break
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        depth--
        if (depth === 1 && this.#following) {
          this.#following = false
          found = index
          break
        }
      }
    }
    this.#depth = depth
    this.#inString = inString
    this.#escaped = escaped
    this.#readingKey = readingKey
    return found
  }

  /**
   * From `from` in `chunk`: the index of the bracket that closes the value being followed, or -1.
   * A loop of its own, as the value is passed over byte by byte (a report's summary, a sixth of
   * its file): with nothing but strings and brackets to follow, it runs faster.
   */
  #close(chunk: Buffer, from: number): number {
    let depth = this.#depth
    let inString = this.#inString
    let escaped = this.#escaped
    let found = -1
    for (let index = from; index < chunk.length; index++) {
      const byte = chunk[index] as number
      // Whitespace (most of an indented file) and the other bytes below the quote change nothing
      // unless escaped; passed over first, the loop takes a third less time.
      if (byte < QUOTE && !escaped) continue
      if (inString) {
        if (escaped) escaped = false
        else if (byte === BACKSLASH) escaped = true
        else if (byte === QUOTE) inString = false
      } else if (byte === QUOTE) inString = true
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++
      else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 1) {
        this.#following = false
        found = index
        break
      }
    }
    this.#depth = depth
    this.#inString = inString
    this.#escaped = escaped
    this.#readingKey = false
    return found
  }

  /** Continues after the runs array, whose closing bracket was found elsewhere. */
  closed(): void {
    this.#depth = 1
    this.#following = false
  }
}

/** The index after the `}` that closes the object opening at `start`, or -1 when `bytes` end first. */
function objectEnd(bytes: Buffer, start: number): number {
  let depth = 0
  let inString = false
  let escaped = false
  for (let index = start; index < bytes.length; index++) {
    const byte = bytes[index] as number
    if (inString) {
      if (escaped) escaped = false
      else if (byte === BACKSLASH) escaped = true
      else if (byte === QUOTE) inString = false
    } else if (byte === QUOTE) inString = true
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++
    else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && --depth === 0) return index + 1
  }
  return -1
}

/** The line that closes the run from `start` to `end` (a newline, its indentation, `}`), when it closes on a line of its own. */
function closingLine(bytes: Buffer, start: number, end: number): Buffer | undefined {
  let from = end - 2
  while (from > start && (bytes[from] === 0x20 || bytes[from] === 0x09)) from--
  return bytes[from] === 0x0a ? Buffer.from(bytes.subarray(from, end)) : undefined
}
