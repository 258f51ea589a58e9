/**
 * What an eval worker thread tells the command through memory they share, so the command can see
 * a thread that no longer answers messages: whether a tool's code is running synchronously (and
 * which run's call, since when, under what time limit), and when the thread last came back to its
 * event loop. Messages cannot say this: a thread stuck in a loop sends none.
 */
export class WatchMemory {
  readonly buffer: SharedArrayBuffer
  private readonly ints: Int32Array
  private readonly times: Float64Array

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(48)) {
    this.buffer = buffer
    this.ints = new Int32Array(buffer, 0, 6)
    this.times = new Float64Array(buffer, 24, 3)
  }

  /** A tool's code starts running: the run (`case`, `trial`), the call's place in it, the tool's time limit. */
  entered(unit: { readonly case: number; readonly trial: number }, call: number, limitMs: number): void {
    this.times[0] = now()
    Atomics.store(this.ints, 1, unit.case)
    Atomics.store(this.ints, 2, unit.trial)
    Atomics.store(this.ints, 3, call)
    this.times[1] = limitMs
    Atomics.store(this.ints, 0, 1)
  }

  /** The tool's code returned (its synchronous part). */
  left(): void {
    Atomics.store(this.ints, 0, 0)
  }

  /** The thread is back at its event loop. */
  beat(): void {
    this.times[2] = now()
  }

  /** The call whose code is running synchronously, if one is, with how long it has run and may run. */
  running(): { readonly case: number; readonly trial: number; readonly call: number; readonly limitMs: number; readonly forMs: number } | undefined {
    if (Atomics.load(this.ints, 0) !== 1) return undefined
    return { case: Atomics.load(this.ints, 1), trial: Atomics.load(this.ints, 2), call: Atomics.load(this.ints, 3), limitMs: this.times[1] ?? 0, forMs: now() - (this.times[0] ?? 0) }
  }

  /** How long ago the thread was last at its event loop (0 before its first beat). */
  silentForMs(): number {
    const last = this.times[2] ?? 0
    return last === 0 ? 0 : now() - last
  }
}

// The same clock in every thread: milliseconds since the epoch, as precise as the platform gives.
function now(): number {
  return performance.timeOrigin + performance.now()
}
