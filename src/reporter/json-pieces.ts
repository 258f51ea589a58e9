// Long JSON lists written a piece at a time: a list of 100,000 entries is megabytes of text,
// written, hashed or deflated a piece at a time rather than made into one text first.

// How many entries go into one piece.
const ENTRIES_PER_PIECE = 4096

/** JSON texts joined with commas (the inside of a JSON array of them), in pieces of up to `size` entries. */
export function* joinedPieces(entries: Iterable<string>, size = ENTRIES_PER_PIECE): Generator<string> {
  yield* pieces(entries, size, (batch) => batch.join(','))
}

/** Strings as the inside of a JSON array of them (`"a","b"`), in pieces of a few thousand strings. */
export function* stringsJsonPieces(strings: Iterable<string>): Generator<string> {
  yield* pieces(strings, ENTRIES_PER_PIECE, (batch) => JSON.stringify(batch).slice(1, -1))
}

/** Each batch of `size` items as `text` makes it, with the commas between them. */
function* pieces(items: Iterable<string>, size: number, text: (batch: string[]) => string): Generator<string> {
  let first = true
  for (const batch of batches(items, size)) {
    if (!first) yield ','
    yield text(batch)
    first = false
  }
}

function* batches(items: Iterable<string>, size: number): Generator<string[]> {
  let batch: string[] = []
  for (const item of items) {
    batch.push(item)
    if (batch.length < size) continue
    yield batch
    batch = []
  }
  if (batch.length > 0) yield batch
}
