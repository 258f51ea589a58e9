import { open, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { BufferedFile } from '../../src/reporter/buffered-file.ts'
import { RunsFileWriter } from '../../src/reporter/runs-file.ts'
import { temporaryFolders } from '../temporary-folders.ts'

const { make: folder } = temporaryFolders('toolcheck-buffered-file-')

// Texts of every kind of character, lone surrogates among them, and now and then one long
// enough to fill the buffer (1 MiB) or pass it on its own.
const text = fc.oneof(
  { weight: 20, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  { weight: 1, arbitrary: fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }), fc.integer({ min: 50_000, max: 400_000 })).map(([unit, times]) => unit.repeat(times)) },
)

/** Writes `texts` through a `BufferedFile`, every `awaitEvery`-th write awaited and the rest not; the file's bytes. */
async function written(texts: readonly string[], awaitEvery: number): Promise<Buffer> {
  const file = join(await folder(), 'out.txt')
  const handle = await open(file, 'w')
  try {
    const buffered = new BufferedFile(handle)
    const writes: Promise<void>[] = []
    for (const [index, piece] of texts.entries()) {
      // Every third piece handed over as bytes, from a buffer filled again at once.
      let write: Promise<void>
      if (index % 3 === 2) {
        const bytes = Buffer.from(piece)
        write = buffered.writeBytes(bytes)
        bytes.fill(0x21)
      } else write = buffered.write(piece)
      if (index % awaitEvery === 0) await write
      else writes.push(write)
    }
    await Promise.all(writes)
    await buffered.flush()
  } finally {
    await handle.close()
  }
  return readFile(file)
}

describe('BufferedFile', () => {
  test('the file holds the texts (and bytes) in the order given, encoded as UTF-8, whether or not each write was awaited', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { maxLength: 40 }), fc.integer({ min: 1, max: 5 }), async (texts, awaitEvery) => {
        // Each text encoded on its own: a lone surrogate at the end of one is not joined to the next.
        expect((await written(texts, awaitEvery)).equals(Buffer.concat(texts.map((piece) => Buffer.from(piece))))).toBe(true)
      }),
      { numRuns: 40 },
    )
  })

  test('many small texts past several buffers, then one larger than a buffer, then small ones again', async () => {
    const small = Array.from({ length: 3000 }, (_, index) => `{"run":${index},"text":"é ${'x'.repeat(index % 900)}"}\n`)
    const texts = [...small, 'ü'.repeat(600_000), ...small]
    expect((await written(texts, 1)).equals(Buffer.from(texts.join('')))).toBe(true)
  })

  test('a write that fails fails the flush that waits on it', async () => {
    const file = join(await folder(), 'read-only.txt')
    const handle = await open(file, 'w')
    await handle.close()
    const readOnly = await open(file, 'r')
    try {
      const buffered = new BufferedFile(readOnly)
      await buffered.write('a line\n')
      await expect(buffered.flush()).rejects.toThrow(/EBADF/)
    } finally {
      await readOnly.close()
    }
  })

  test('a write of a full buffer that fails, not waited for as it starts, fails a later write and the flush, and is no unhandled rejection', async () => {
    const file = join(await folder(), 'read-only-many.txt')
    await (await open(file, 'w')).close()
    const readOnly = await open(file, 'r')
    try {
      const buffered = new BufferedFile(readOnly)
      const line = `${'x'.repeat(999)}\n`
      // Three buffers' worth: the first full one starts its write, the second waits on it.
      const waits: Promise<unknown>[] = []
      for (let index = 0; index < 3200; index++) waits.push(buffered.write(line).catch((error: unknown) => error))
      const failures = (await Promise.all(waits)).filter((outcome) => outcome instanceof Error)
      expect(failures.length).toBeGreaterThan(0)
      await expect(buffered.flush()).rejects.toThrow(/EBADF/)
    } finally {
      await readOnly.close()
    }
  })
})

test('a text of megabytes written in slices is the file, byte for byte, whatever characters fall where a slice ends', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(text, { maxLength: 6 }), fc.constantFrom(0, 1, 2, 3), async (texts, shift) => {
      // A long text whose surrogate pairs and three-byte characters fall at every place a slice may end.
      const long = `${'a'.repeat(shift)}${'\u{1F600}\u00e9\u20ac'.repeat(200_000)}`
      const file = join(await folder(), 'sliced.txt')
      const handle = await open(file, 'w')
      try {
        const buffered = new BufferedFile(handle)
        for (const piece of texts) await buffered.write(piece)
        await buffered.writeInSlices(long)
        await buffered.write('end')
        await buffered.flush()
      } finally {
        await handle.close()
      }
      expect((await readFile(file)).equals(Buffer.concat([...texts, long, 'end'].map((piece) => Buffer.from(piece))))).toBe(true)
    }),
    { numRuns: 12, examples: [[[], 0], [[], 1], [[], 2], [[], 3]] },
  )
})

describe('RunsFileWriter', () => {
  test('lines queued without waiting land in order, each at the place it was told, with one newline each', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 20_000 }).map((line) => line.replaceAll('\n', ' ')), { maxLength: 60 }), async (lines) => {
        const file = join(await folder(), 'runs.partial.jsonl')
        const writer = await RunsFileWriter.create(file, { scoring: 'toolcheck' })
        const queued = lines.map((line) => writer.queue(line))
        await Promise.all(queued.map((entry) => entry.written))
        expect(writer.pending).toBe(0)
        await writer.close()
        const bytes = await readFile(file)
        const header = bytes.indexOf(0x0a) + 1
        expect(bytes.subarray(header).equals(Buffer.concat(lines.map((line) => Buffer.from(`${line}\n`))))).toBe(true)
        for (const [index, { place }] of queued.entries()) {
          expect(bytes.subarray(place.offset, place.offset + place.length).equals(Buffer.from(lines[index] as string))).toBe(true)
          expect(bytes[place.offset + place.length]).toBe(0x0a)
        }
      }),
      { numRuns: 40 },
    )
  })

  test('a line given in pieces lands whole between the lines queued before and after it, at the place it was told', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary', maxLength: 300 }).map((line) => line.replaceAll('\n', ' ')), { maxLength: 5 }), fc.array(fc.string({ unit: 'binary', maxLength: 5_000 }).map((piece) => piece.replaceAll('\n', ' ')), { maxLength: 8 }), async (before, pieces) => {
        const file = join(await folder(), 'runs.partial.jsonl')
        const writer = await RunsFileWriter.create(file, { scoring: 'toolcheck' })
        const queued = before.map((line) => writer.queue(line))
        const appending = writer.appendPieces(pieces)
        // Where a later line goes is not known until the pieces are in.
        expect(() => writer.queue('too early')).toThrow(/a line was queued while a line in pieces was being written/)
        const place = await appending
        const after = writer.queue('after')
        await Promise.all([...queued, after].map((entry) => entry.written))
        await writer.close()
        const bytes = await readFile(file)
        const header = bytes.indexOf(0x0a) + 1
        expect(bytes.subarray(header).equals(Buffer.concat([...before, pieces.join(''), 'after'].map((line) => Buffer.from(`${line}\n`))))).toBe(true)
        expect(bytes.subarray(place.offset, place.offset + place.length).equals(Buffer.from(pieces.join('')))).toBe(true)
        expect(bytes.subarray(after.place.offset, after.place.offset + after.place.length).toString()).toBe('after')
      }),
      { numRuns: 40 },
    )
  })
})
