import type { FileHandle } from 'node:fs/promises'

/** How many bytes a `BufferedFile` gathers before it writes them. */
const CAPACITY = 1 << 20

// A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair, two units, takes 4).
const MOST_BYTES_PER_UNIT = 3

const DONE = Promise.resolve()

// How many code units `writeInSlices` hands `write` at a time: as many as always fit the buffer.
const SLICE_UNITS = Math.floor(CAPACITY / MOST_BYTES_PER_UNIT / 2)

/**
 * A file written in large pieces: a report is written a run at a time, and one write per run
 * would cost a system call each. Each text is encoded at once into a buffer of 1 MiB that is
 * written when full and then used again, so a text is garbage as soon as it is handed over:
 * gathering the texts and joining them made a string and a buffer of a megabyte per write, and
 * kept every text alive until then, long enough for V8 to move it to the old generation, where
 * it stayed until a full collection (measured over a 7,296-run evaluation: about 290 of the
 * command's 831 MB of allocations).
 *
 * Writes happen in the order the texts were given, one at a time; `flush` settles when
 * everything given so far is in the file. A full buffer is written while the next one fills:
 * `write` waits only for the write before it, so reading and encoding the next runs go on while
 * the last megabyte goes to the file (a merge of 100,000 runs had waited on its writes for about
 * a tenth of its time).
 */
export class BufferedFile {
  readonly #handle: FileHandle
  #buffer: Buffer = Buffer.allocUnsafe(CAPACITY)
  // The buffer that was written last, once its write has ended: used again, not allocated.
  #spare: Buffer | undefined
  #length = 0
  // The writes under way, in order: each starts when the one before it has ended.
  #writing: Promise<void> = Promise.resolve()

  constructor(handle: FileHandle) {
    this.#handle = handle
  }

  /**
   * Adds `text` to the file. Where it goes is settled before this returns, so texts keep the
   * order they were given in even when a write is not waited for; the promise settles at once
   * unless the buffer was full and had to be written.
   */
  write(text: string): Promise<void> {
    const most = text.length * MOST_BYTES_PER_UNIT
    const flushed = this.#length + most > CAPACITY ? this.#spill() : undefined
    if (most > CAPACITY) {
      // Too long for the buffer: written on its own, behind what came before it.
      const bytes = Buffer.from(text)
      return this.#after(() => writeAll(this.#handle, bytes, bytes.length))
    }
    this.#length += this.#buffer.write(text, this.#length)
    return flushed ?? DONE
  }

  /**
   * Adds a text of any length a slice at a time, each encoded into the buffer as `write` does,
   * rather than made into bytes whole when it is longer than the buffer (a page's embedded data
   * is megabytes). Nothing else may be given until it settles.
   */
  async writeInSlices(text: string): Promise<void> {
    for (let at = 0; at < text.length; ) {
      let end = Math.min(text.length, at + SLICE_UNITS)
      // A surrogate pair stays whole: half of one is no character, and would be written as U+FFFD.
      const last = text.charCodeAt(end - 1)
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--
      await this.write(text.slice(at, end))
      at = end
    }
  }

  /** Adds bytes as they are (a line read from a runs file, passed through), as `write` adds a text. */
  writeBytes(bytes: Uint8Array): Promise<void> {
    const flushed = this.#length + bytes.length > CAPACITY ? this.#spill() : undefined
    if (bytes.length > CAPACITY) {
      // Copied: the caller may fill its buffer again before this is written.
      const copy = Buffer.from(bytes)
      return this.#after(() => writeAll(this.#handle, copy, copy.length))
    }
    this.#buffer.set(bytes, this.#length)
    this.#length += bytes.length
    return flushed ?? DONE
  }

  /** Writes what the buffer holds; settles when every text given so far is in the file. */
  flush(): Promise<void> {
    if (this.#length === 0) return this.#writing
    const full = this.#buffer
    const length = this.#length
    this.#buffer = this.#spare ?? Buffer.allocUnsafe(CAPACITY)
    this.#spare = undefined
    this.#length = 0
    return this.#after(async () => {
      await writeAll(this.#handle, full, length)
      this.#spare = full
    })
  }

  /**
   * Starts writing the full buffer and settles when the write before it has ended. A write that
   * fails fails every later wait (`flush` included), so the failure is not lost though this
   * write itself is not waited for here.
   */
  #spill(): Promise<void> {
    const earlier = this.#writing
    this.flush().catch(() => {})
    return earlier
  }

  #after(write: () => Promise<void>): Promise<void> {
    this.#writing = this.#writing.then(write)
    return this.#writing
  }
}

/** Writes the first `length` bytes of `bytes`, however many system calls it takes. */
export async function writeAll(handle: FileHandle, bytes: Uint8Array, length: number): Promise<void> {
  let done = 0
  while (done < length) done += (await handle.write(bytes, done, length - done)).bytesWritten
}
