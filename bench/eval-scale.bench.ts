/**
 * `toolcheck eval` at scale, each figure measured side by side in the same run:
 *
 * - start-up: the whole process of an evaluation of one run (`npm run eval -- --filter <one
 *   scenario> --variants plain`), beside `node -e 0`; target at most 3 s;
 * - peak memory of the built-in corpus under its eight variants with `--trials 5` against one
 *   trial (VmHWM of the process, its worker threads included); target at most 1.3 ×;
 * - per-run bookkeeping: the CPU time an evaluation spends per run beyond playing and scoring it
 *   (handing runs to the workers, building each record and transcript, writing the runs file
 *   and the report), beside the CPU time the same runs take to play and score in this process
 *   with nothing else; target at most 1 × (bookkeeping no more than the run's own work);
 * - the floor: the wall time of `eval --variants plain --trials 8` (1,824 runs), beside one
 *   process that plays and scores the same runs through the public API (eval-floor-process.ts),
 *   alternated; target at most 1 ×; beside it, two floor processes side by side, each playing
 *   half of the runs: what two workers could reach with no bookkeeping at all;
 * - peak memory of a 100,000-run evaluation (all variants, `--trials 55`) against the 1,824-run
 *   evaluation it repeats 55 times (all variants, one trial: the same cases, scenarios and
 *   variants, so that only the number of runs differs); target at most 1.3 × (what an evaluation
 *   keeps per run stays bounded). Beside it, as a fact, the same peak against the 1,824 plain runs
 *   of the floor (eight trials of the 228 scenarios, without variants); and, as facts, the peak and
 *   wall time of resuming that evaluation from its own report (every run kept, none played);
 * - the same floor with one V8 helper thread (`NODE_OPTIONS=--v8-pool-size=1`, Node's default is
 *   four): the evaluation so, beside the one process with and without it. No target: it measures
 *   the setting docs/scale.md suggests for small machines.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { builtInScenarios } from '../scenarios/index.ts'
import { variantsOf } from '../src/cli/eval/eval-variants.ts'
import { selectScenarios } from '../src/cli/eval/select-scenarios.ts'
import { agentFromSpec } from '../src/roles/from-spec.ts'
import { playPreparedRun, prepareRun } from '../src/runner/play-run.ts'
import { scenarioTable } from '../src/runner/scenario-table.ts'
import { defineBenchmarks } from './harness.ts'

const BIN = fileURLToPath(new URL('../bin/toolcheck.js', import.meta.url))
const ONE_SCENARIO = 'turn-on-wifi-and-location'
const SOME_SCENARIOS = 'wifi'
const TRIALS = 5
const FLOOR_TRIALS = 8
const FLOOR = fileURLToPath(new URL('./eval-floor-process.ts', import.meta.url))
// All eight variants of the built-in corpus's 228 scenarios, 55 trials: 100,320 runs.
const MANY_TRIALS = 55

/** What a child process reports at exit through the hook: its peak memory (kB) and CPU time (µs, every thread). */
interface ChildFigures {
  readonly wallMs: number
  readonly peakKb: number
  readonly cpuMs: number
}

let hookFile: string | undefined
async function hook(): Promise<string> {
  if (hookFile !== undefined) return hookFile
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-eval-bench-'))
  hookFile = join(folder, 'figures.mjs')
  // VmHWM is the high-water mark of this process's resident memory, worker threads included;
  // process.cpuUsage() counts the CPU time of every thread of the process.
  await writeFile(
    hookFile,
    "import { readFileSync } from 'node:fs'\nimport { isMainThread } from 'node:worker_threads'\nif (isMainThread) process.on('exit', () => { const cpu = process.cpuUsage(); process.stderr.write(`\\nfigures ${/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0} ${cpu.user + cpu.system}\\n`) })\n",
  )
  return hookFile
}

/** Node's setting of one V8 helper thread (see the last benchmark). */
const ONE_HELPER = { NODE_OPTIONS: '--v8-pool-size=1' }

/**
 * Runs `toolcheck eval` with these options (and more environment) into a fresh folder; its wall
 * time, peak memory and CPU time. `then` is given the folder, with the report in it, before it
 * is removed.
 */
async function evaluate(args: readonly string[], env: Readonly<Record<string, string>> = {}, then?: (folder: string) => Promise<void>): Promise<ChildFigures> {
  const folder = await mkdtemp(join(tmpdir(), 'toolcheck-eval-bench-report-'))
  try {
    const figures = await evaluateIn(folder, args, env)
    await then?.(folder)
    return figures
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/** `evaluate` into `folder`, which it leaves as the evaluation left it. */
async function evaluateIn(folder: string, args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<ChildFigures> {
  const hookPath = await hook()
  const started = performance.now()
  const child = spawnSync(process.execPath, ['--import', hookPath, BIN, 'eval', ...args, '--report-dir', folder], { encoding: 'utf8', env: { ...process.env, TOOLCHECK_AGENT: 'reference', TOOLCHECK_CACHE: 'off', ...env }, maxBuffer: 64 * 1024 * 1024 })
  const wallMs = performance.now() - started
  if (child.status !== 0) throw new Error(`toolcheck eval ${args.join(' ')} exited with ${child.status}:\n${child.stderr}`)
  const [peakKb = 0, cpuUs = 0] = (/figures (\d+) (\d+)/.exec(child.stderr) ?? []).slice(1).map(Number)
  return { wallMs, peakKb, cpuMs: cpuUs / 1000 }
}

function nodeAlone(): number {
  const started = performance.now()
  spawnSync(process.execPath, ['-e', '0'])
  return performance.now() - started
}

/**
 * The CPU time of preparing, playing and scoring these runs in this process, one after another,
 * with nothing else: each scenario and variant prepared on its first run, as a worker does.
 */
async function playAlone(filter: string, trials: number): Promise<{ runs: number; cpuMs: number }> {
  const table = scenarioTable(selectScenarios(builtInScenarios(), filter), variantsOf('all'))
  const agent = agentFromSpec('reference')
  // Cold, as in the evaluation's workers: each scenario and variant is prepared on its first run.
  const before = process.cpuUsage()
  let runs = 0
  for (const testCase of table.cases)
    for (let trial = 0; trial < trials; trial++) {
      const ready = await prepareRun(testCase.scenario, testCase.variant === undefined ? {} : { augmentation: testCase.variant })
      if (ready === undefined) continue
      await playPreparedRun(ready, { agent, trial })
      runs++
    }
  const spent = process.cpuUsage(before)
  return { runs, cpuMs: (spent.user + spent.system) / 1000 }
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/**
 * The wall time of two floor processes side by side, each playing half of the same runs (the first
 * and the second half of the trials): what two workers could do at best with nothing but play and
 * score, on this machine's cores.
 */
async function floorHalves(trials: number): Promise<number> {
  const started = performance.now()
  const half = Math.floor(trials / 2)
  await Promise.all(
    [
      [half, 0],
      [trials - half, half],
    ].map(
      ([count, first]) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(process.execPath, [FLOOR, String(count), String(first)], { stdio: ['ignore', 'ignore', 'pipe'] })
          let stderr = ''
          child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
          child.on('error', reject)
          child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`a floor process exited with ${code}:\n${stderr}`))))
        }),
    ),
  )
  return performance.now() - started
}

/** The wall time of the floor process: the same runs as `eval --variants plain`, played and scored in one process. */
function floorProcess(trials: number, env: Readonly<Record<string, string>> = {}): number {
  const started = performance.now()
  const child = spawnSync(process.execPath, [FLOOR, String(trials)], { encoding: 'utf8', env: { ...process.env, ...env } })
  if (child.status !== 0) throw new Error(`the floor process exited with ${child.status}:\n${child.stderr}`)
  return performance.now() - started
}

const memory: { one?: ChildFigures; five?: ChildFigures } = {}
const scale: { base?: ChildFigures; plain?: ChildFigures; many?: ChildFigures; resumed?: ChildFigures } = {}
const bookkeeping: { fixed?: ChildFigures; many?: ChildFigures; alone?: { runs: number; cpuMs: number } } = {}

export default defineBenchmarks([
  {
    name: 'toolcheck eval start-up: a one-run evaluation, whole process',
    iterations: 5,
    warmUp: 1,
    targetMs: 3000,
    run: async () => ({ measuredMs: (await evaluate(['--filter', ONE_SCENARIO, '--variants', 'plain'])).wallMs }),
    baselines: [{ name: 'node -e 0', run: nodeAlone }],
  },
  {
    name: `toolcheck eval peak memory: built-in corpus, all variants, --trials ${TRIALS} vs 1`,
    iterations: 1,
    run: async () => {
      memory.one = await evaluate(['--trials', '1'])
      memory.five = await evaluate(['--trials', String(TRIALS)])
      return { measuredMs: memory.five.wallMs }
    },
    facts: () => {
      const ratio = (memory.five?.peakKb ?? 0) / (memory.one?.peakKb ?? 1)
      return { peakMbOneTrial: round((memory.one?.peakKb ?? 0) / 1024, 1), [`peakMb${TRIALS}Trials`]: round((memory.five?.peakKb ?? 0) / 1024, 1), ratio: round(ratio) }
    },
    targets: () => [{ name: `peak memory, ${TRIALS} trials / 1`, measured: (memory.five?.peakKb ?? Number.NaN) / (memory.one?.peakKb ?? Number.NaN), limit: 1.3, unit: '×' }],
  },
  {
    name: `toolcheck eval per-run bookkeeping: "${SOME_SCENARIOS}" scenarios, all variants, --trials ${TRIALS}`,
    iterations: 1,
    run: async () => {
      bookkeeping.fixed = await evaluate(['--filter', ONE_SCENARIO, '--variants', 'plain'])
      bookkeeping.many = await evaluate(['--filter', SOME_SCENARIOS, '--variants', 'all', '--trials', String(TRIALS)])
      bookkeeping.alone = await playAlone(SOME_SCENARIOS, TRIALS)
      return { measuredMs: bookkeeping.many.wallMs }
    },
    facts: () => {
      const { fixed, many, alone } = bookkeeping
      if (fixed === undefined || many === undefined || alone === undefined || alone.runs === 0) return {}
      const playMs = alone.cpuMs / alone.runs
      // The evaluation's CPU beyond its fixed cost, per run, less the run's own play and scoring.
      const overheadMs = (many.cpuMs - fixed.cpuMs) / alone.runs - playMs
      return { runs: alone.runs, playAndScoreCpuMsPerRun: round(playMs, 3), bookkeepingCpuMsPerRun: round(overheadMs, 3), ratio: round(overheadMs / playMs) }
    },
    targets: () => {
      const { fixed, many, alone } = bookkeeping
      const runs = alone?.runs ?? 0
      const playMs = runs === 0 ? Number.NaN : (alone?.cpuMs ?? Number.NaN) / runs
      const overheadMs = ((many?.cpuMs ?? Number.NaN) - (fixed?.cpuMs ?? Number.NaN)) / runs - playMs
      return [{ name: 'bookkeeping CPU per run / play and score CPU per run', measured: overheadMs / playMs, limit: 1, unit: '×' }]
    },
  },
  {
    name: `toolcheck eval at the floor: --variants plain --trials ${FLOOR_TRIALS} vs one process playing and scoring the same runs`,
    iterations: 5,
    warmUp: 0,
    run: async () => ({ measuredMs: (await evaluate(['--variants', 'plain', '--trials', String(FLOOR_TRIALS)])).wallMs }),
    baselines: [
      { name: 'one process: runScenario + evaluate of the same runs', run: () => ({ measuredMs: floorProcess(FLOOR_TRIALS) }) },
      { name: 'two such processes side by side, each half of the runs', run: async () => ({ measuredMs: await floorHalves(FLOOR_TRIALS) }) },
    ],
    targetRatio: 1,
  },
  {
    name: `toolcheck eval peak memory: 100,320 runs (all variants, --trials ${MANY_TRIALS}) vs the same 1,824 cases once (all variants, --trials 1)`,
    iterations: 1,
    run: async () => {
      scale.base = await evaluate(['--trials', '1'])
      scale.plain = await evaluate(['--variants', 'plain', '--trials', String(FLOOR_TRIALS)])
      // Then the same evaluation resumed from its own report: every run kept, none played.
      const many = ['--trials', String(MANY_TRIALS)]
      scale.many = await evaluate(many, {}, async (folder) => {
        scale.resumed = await evaluateIn(folder, [...many, '--resume', folder])
      })
      return { measuredMs: scale.many.wallMs }
    },
    facts: () => {
      const many = scale.many?.peakKb ?? 0
      return {
        peakMb1824Cases: round((scale.base?.peakKb ?? 0) / 1024, 1),
        peakMb1824PlainRuns: round((scale.plain?.peakKb ?? 0) / 1024, 1),
        peakMb100kRuns: round(many / 1024, 1),
        ratioToPlainRuns: round(many / (scale.plain?.peakKb ?? Number.NaN)),
        resumeOf100kRunsPeakMb: round((scale.resumed?.peakKb ?? 0) / 1024, 1),
        resumeOf100kRunsSeconds: round((scale.resumed?.wallMs ?? 0) / 1000, 1),
      }
    },
    targets: () => [{ name: 'peak memory, 100,320 runs / the same 1,824 cases once', measured: (scale.many?.peakKb ?? Number.NaN) / (scale.base?.peakKb ?? Number.NaN), limit: 1.3, unit: '×' }],
  },
  {
    name: `toolcheck eval at the floor with NODE_OPTIONS=--v8-pool-size=1: --variants plain --trials ${FLOOR_TRIALS} vs one process playing and scoring the same runs`,
    iterations: 5,
    warmUp: 0,
    run: async () => ({ measuredMs: (await evaluate(['--variants', 'plain', '--trials', String(FLOOR_TRIALS)], ONE_HELPER)).wallMs }),
    baselines: [
      { name: 'one process, as it runs by default', run: () => ({ measuredMs: floorProcess(FLOOR_TRIALS) }) },
      { name: 'one process with the same setting', run: () => ({ measuredMs: floorProcess(FLOOR_TRIALS, ONE_HELPER) }) },
    ],
  },
])
