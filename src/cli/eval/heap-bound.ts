import { getHeapStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// How often (in runs) the heap is looked at, how far it may grow past what was live after the
// last collection, and the room it always has (in bytes). Measured over 100,320 runs: 1.5 times
// and 48 MB held the peak to 657 MB but took 5 % more time (a full collection pauses the command,
// and the workers wait on it); twice and 64 MB, 712 MB in the time without it (793 MB).
const CHECK_EVERY = 128
const GROWTH = 2
const ROOM = 64 * 1024 * 1024
const OLD_GENERATION_GROWTH_PERCENT = 50

// V8's own factor by which a young generation grows (its `--semi-space-growth-factor`).
const V8_YOUNG_GROWTH_FACTOR = 2

/**
 * Holds the young generation of every thread of the process near the size it has now (V8 still
 * takes a few steps of a megabyte: a young generation of 1 MB, churned as a long list of runs
 * churns it, ended at 2 to 7 MB in six measured runs, and at 128 MB let grow): V8
 * grows a thread's young generation when much of it survives a collection, and never shrinks it
 * while the thread is busy. `toolcheck eval` holds the command's from the start, since its first
 * allocations live on (the list of runs to play, 100,000 entries for 100,000 runs):
 * left to grow then, the command's young generation reached 64 MB before the first run and kept
 * it to the end (an evaluation of 100,320 runs peaked at 402 MB held, against 439-445 MB).
 */
export function holdYoungGenerations(): void {
  setFlagsFromString('--semi-space-growth-factor=1')
}

/**
 * Lets young generations grow as V8 grows them again: while eval's worker threads load, so that
 * each reaches the size it plays at (`maxYoungGenerationSizeMb`) rather than staying at V8's first
 * megabyte, which cost them 17 % more CPU time in collections.
 */
export function letYoungGenerationsGrow(): void {
  setFlagsFromString(`--semi-space-growth-factor=${V8_YOUNG_GROWTH_FACTOR}`)
}

/**
 * Keeps the command's heap close to what it holds while it writes a report as the runs come.
 * Each run's line is parsed and written out again, so the command makes garbage at the pace of
 * the workers, and V8 lets the heap of a busy thread grow to several times what is live before
 * it collects: over 36,480 runs the command held 42 MB and its heap took 254. Looked at every
 * `CHECK_EVERY` runs, a heap past `GROWTH` times what was live after the last collection, plus
 * `ROOM`, is collected whole (20 to 40 ms, a few times per 10,000 runs), so the peak
 * memory of a long evaluation follows what it holds rather than how many runs it made.
 */
export class HeapBound {
  readonly #collect: () => void
  #live: number
  #runs = 0

  constructor() {
    // V8 gives its collector to code only behind this flag; a context made after it has `gc`.
    setFlagsFromString('--expose-gc')
    // Nor does the young generation of any thread grow past its first size: V8 grows it when much
    // survives a sweep, which here is a run's lines and objects waiting on a write, not data that
    // lives on, and it grew the command's to over 100 MB. The flag is the process's, so it holds
    // for the workers too (measured: the same CPU time, 30 MB less at the peak of 1,824 runs).
    holdYoungGenerations()
    // And an old generation grows to half as much again as what was live after its last full
    // collection, not the up to four times V8 picks for a thread that allocates fast: each run
    // leaves garbage behind, and the workers' heaps grew to four times what they held. The flag
    // is read at each collection, so it holds for the workers too (measured over 36,480 runs: the
    // peak from 463-531 MB to 402 MB, for 4.5 % more CPU time; below V8's first limit of the old
    // generation, as in an evaluation of the built-in corpus, it changes nothing).
    setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`)
    this.#collect = runInNewContext('gc') as () => void
    this.#live = getHeapStatistics().used_heap_size
  }

  /** Counts a run; now and then collects the heap when it has grown too far (see `HeapBound`). */
  ran(): void {
    if (++this.#runs % CHECK_EVERY !== 0) return
    if (getHeapStatistics().used_heap_size < this.#live * GROWTH + ROOM) return
    this.#collect()
    this.#live = getHeapStatistics().used_heap_size
  }
}
