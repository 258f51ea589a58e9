/**
 * A small benchmark harness: each `bench/*.bench.ts` file default-exports a list of benchmarks;
 * `npm run bench` runs them all, prints a table and writes `toolcheck-report/bench.json`.
 * Targets are checked and reported, never asserted in tests, so a slow machine gives a red line
 * in the table rather than a flaky test.
 */
export interface Benchmark {
  readonly name: string
  /** Runs once before timing; its value is passed to `run`. */
  readonly setup?: () => unknown
  /**
   * The timed work. When the cost to time is a part of the work (an overhead measured as the
   * difference of two loops), return `{ measuredMs }`: that figure stands for the iteration's time.
   */
  readonly run: (state: unknown) => unknown
  /** Timed repetitions; 20 by default. */
  readonly iterations?: number
  /**
   * Untimed runs first, so the JIT has compiled the hot code: as many as `iterations` (at most 50)
   * by default, none for a single-iteration benchmark (a long end-to-end run warms itself).
   */
  readonly warmUp?: number
  /** The median time the work should stay under, in milliseconds. */
  readonly targetMs?: number
  /** Extra facts to report after the timing (a shared-table count, a request count). */
  readonly facts?: (state: unknown) => Record<string, unknown> | Promise<Record<string, unknown>>
}

/** Declares benchmarks; returns them typed. */
export function defineBenchmarks(benchmarks: readonly Benchmark[]): readonly Benchmark[] {
  return benchmarks
}

/** The measured outcome of one benchmark. */
export interface BenchmarkResult {
  readonly file: string
  readonly name: string
  readonly iterations: number
  readonly medianMs: number
  readonly p95Ms: number
  readonly minMs: number
  readonly targetMs?: number
  readonly withinTarget?: boolean
  readonly facts?: Record<string, unknown>
}

/** Runs one benchmark. */
export async function runBenchmark(file: string, benchmark: Benchmark): Promise<BenchmarkResult> {
  const state = await benchmark.setup?.()
  const iterations = benchmark.iterations ?? 20
  const warmUps = benchmark.warmUp ?? (iterations === 1 ? 0 : Math.min(50, iterations))
  for (let warmUp = 0; warmUp < warmUps; warmUp++) await benchmark.run(state)
  const times: number[] = []
  for (let iteration = 0; iteration < iterations; iteration++) {
    const start = performance.now()
    const outcome = await benchmark.run(state)
    const measured = (outcome as { measuredMs?: unknown } | undefined)?.measuredMs
    times.push(typeof measured === 'number' ? measured : performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const medianMs = times[Math.floor(times.length / 2)] ?? 0
  const p95Ms = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0
  const facts = await benchmark.facts?.(state)
  return {
    file,
    name: benchmark.name,
    iterations,
    medianMs,
    p95Ms,
    minMs: times[0] ?? 0,
    ...(benchmark.targetMs === undefined ? {} : { targetMs: benchmark.targetMs, withinTarget: medianMs <= benchmark.targetMs }),
    ...(facts === undefined ? {} : { facts }),
  }
}
