/**
 * A small benchmark harness: each `bench/*.bench.ts` file default-exports a list of benchmarks;
 * `npm run bench` runs them all, prints a table and writes `toolcheck-report/bench.json`.
 * Targets are checked and reported, never asserted in tests, so a slow machine gives a red line
 * in the table rather than a flaky test. A figure compared with something else (Node starting and
 * stopping, a plain run, another system) comes from a baseline timed in the same run, alternating
 * with the benchmark's own work, so that both see the same machine and the same load; a baseline
 * that cannot run here is reported as unmeasured, never as a number written down elsewhere.
 * Every target a benchmark states (its median time, its ratio to a baseline, and any other figure
 * through `targets`) is checked unrounded, printed, counted in the closing line and written to
 * bench.json, so no figure outside its target can read as met.
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
  /**
   * Targets on figures other than the median time (a memory ratio, a page's size, a browser's
   * time), measured after the timing. Each is checked exactly, counted in `withinTarget` and in the
   * run's count of misses like the time and ratio targets.
   */
  readonly targets?: (state: unknown) => readonly Target[] | Promise<readonly Target[]>
}

/** A figure with the most it may be: met when `measured <= limit`, compared unrounded. */
export interface Target {
  readonly name: string
  readonly measured: number
  readonly limit: number
  /** How the figure reads: `ms`, `MB`, `×` (a ratio). */
  readonly unit: string
}

/** A target as checked. */
export interface TargetResult extends Target {
  readonly met: boolean
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
  /** Every target checked, the time and ratio targets first, each with whether it was met. */
  readonly targets?: readonly TargetResult[]
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
  const facts = await benchmark.facts?.(state)
  const targets: TargetResult[] = [
    ...(benchmark.targetMs === undefined ? [] : [checked({ name: 'median', measured: medianMs, limit: benchmark.targetMs, unit: 'ms' })]),
    ...(benchmark.targetRatio === undefined
      ? []
      : [checked({ name: `median / ${first?.name ?? 'baseline'}`, measured: ratio ?? Number.POSITIVE_INFINITY, limit: benchmark.targetRatio, unit: '×' })]),
    ...((await benchmark.targets?.(state)) ?? []).map(checked),
  ]
  return {
    file,
    name: benchmark.name,
    iterations,
    medianMs,
    p95Ms,
    minMs: times[0] ?? 0,
    ...(benchmark.targetMs === undefined ? {} : { targetMs: benchmark.targetMs }),
    ...(benchmark.targetRatio === undefined ? {} : { targetRatio: benchmark.targetRatio }),
    ...(targets.length === 0 ? {} : { withinTarget: targets.every((target) => target.met), targets }),
    ...(baselineResults.length === 0 ? {} : { baselines: baselineResults }),
    ...(facts === undefined ? {} : { facts }),
  }
}

/** A target with whether it was met; a figure that could not be measured (NaN) misses. */
function checked(target: Target): TargetResult {
  return { ...target, met: target.measured <= target.limit }
}

/**
 * A target as the table prints it: the figure, `<=` or `>` the limit, and `ok` or `MISSED`. The
 * figure is shown with as many digits as it takes to differ from the limit, so a miss never reads
 * as the limit itself (1.302 against 1.3 prints `1.302 > 1.3`, not `1.30 > 1.3`).
 */
export function formatTarget(target: TargetResult): string {
  const limit = String(target.limit)
  const value = target.measured
  // Three significant digits (whole numbers from 100 up), then more while a miss would read as met.
  let figure = Math.abs(value) >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)))
  for (let digits = 1; Number.isFinite(value) && !target.met && Number(figure) <= target.limit && digits <= 12; digits++) figure = String(Number(value.toFixed(digits)))
  const unit = target.unit === '×' ? '×' : ` ${target.unit}`
  return `${target.name} ${figure}${unit} ${target.met ? '<=' : '>'} ${limit}${unit}: ${target.met ? 'ok' : 'MISSED'}`
}
