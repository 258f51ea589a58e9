/**
 * A small benchmark harness: each `bench/*.bench.ts` file default-exports a list of benchmarks;
 * `npm run bench` runs them all, prints a table and writes `toolcheck-report/bench.json`.
 * Targets are checked and reported, never asserted in tests, so a slow machine gives a red line
 * in the table rather than a flaky test. A figure compared with something else (Node starting and
 * stopping, a plain run, another system) comes from a baseline timed in the same run, alternating
 * with the benchmark's own work, so that both see the same machine and the same load; a baseline
 * that cannot run here is reported as unmeasured, never as a number written down elsewhere.
 */

/** What a benchmark is compared with, timed side by side with it. */
export interface Baseline {
  readonly name: string
  /** Runs once after each of the benchmark's own runs (warm-ups included), timed the same way. */
  readonly run?: (state: unknown) => unknown
  /** Why the baseline is not measured on this machine, when it has no `run`. */
  readonly unmeasured?: string
}

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
  /** What the work is compared with; ratios are to each baseline's median. */
  readonly baselines?: readonly Baseline[]
  /** The ratio of the work's median to the first baseline's that it should stay under. */
  readonly targetRatio?: number
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
  readonly targetRatio?: number
  readonly withinTarget?: boolean
  /** Each baseline's median and the work's median as a multiple of it, or why it was not measured. */
  readonly baselines?: readonly BaselineResult[]
  readonly facts?: Record<string, unknown>
}

/** A baseline as measured beside its benchmark. */
export type BaselineResult = { readonly name: string; readonly medianMs: number; readonly ratio: number } | { readonly name: string; readonly unmeasured: string }

/** The time one run of some work took: `{ measuredMs }` when the work says, else the wall time. */
async function timed(work: () => unknown): Promise<number> {
  const start = performance.now()
  const outcome = await work()
  const measured = (outcome as { measuredMs?: unknown } | undefined)?.measuredMs
  return typeof measured === 'number' ? measured : performance.now() - start
}

function median(times: readonly number[]): number {
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0
}

/** Runs one benchmark. */
export async function runBenchmark(file: string, benchmark: Benchmark): Promise<BenchmarkResult> {
  const state = await benchmark.setup?.()
  const iterations = benchmark.iterations ?? 20
  const warmUps = benchmark.warmUp ?? (iterations === 1 ? 0 : Math.min(50, iterations))
  const baselines = benchmark.baselines ?? []
  const times: number[] = []
  const baselineTimes = baselines.map((): number[] => [])
  for (let round = 0; round < warmUps + iterations; round++) {
    const time = await timed(() => benchmark.run(state))
    if (round >= warmUps) times.push(time)
    for (const [index, baseline] of baselines.entries()) {
      if (baseline.run === undefined) continue
      const baselineTime = await timed(() => baseline.run?.(state))
      if (round >= warmUps) baselineTimes[index]?.push(baselineTime)
    }
  }
  times.sort((a, b) => a - b)
  const medianMs = median(times)
  const p95Ms = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0
  const baselineResults = baselines.map((baseline, index): BaselineResult => {
    if (baseline.run === undefined) return { name: baseline.name, unmeasured: baseline.unmeasured ?? 'no way to run it here' }
    const baselineMs = median(baselineTimes[index] ?? [])
    return { name: baseline.name, medianMs: baselineMs, ratio: medianMs / baselineMs }
  })
  const first = baselineResults[0]
  const ratio = first !== undefined && 'ratio' in first ? first.ratio : undefined
  const checks = [
    ...(benchmark.targetMs === undefined ? [] : [medianMs <= benchmark.targetMs]),
    ...(benchmark.targetRatio === undefined ? [] : [ratio !== undefined && ratio <= benchmark.targetRatio]),
  ]
  const facts = await benchmark.facts?.(state)
  return {
    file,
    name: benchmark.name,
    iterations,
    medianMs,
    p95Ms,
    minMs: times[0] ?? 0,
    ...(benchmark.targetMs === undefined ? {} : { targetMs: benchmark.targetMs }),
    ...(benchmark.targetRatio === undefined ? {} : { targetRatio: benchmark.targetRatio }),
    ...(checks.length === 0 ? {} : { withinTarget: checks.every(Boolean) }),
    ...(baselineResults.length === 0 ? {} : { baselines: baselineResults }),
    ...(facts === undefined ? {} : { facts }),
  }
}
