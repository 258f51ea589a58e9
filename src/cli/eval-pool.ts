import { Worker } from 'node:worker_threads'
import type { EvalCase, EvalOutcome, EvalUnit, EvalWorkerSetup, FromWorker, KeptRun, ToWorker, UserReplay } from '../../scenarios/eval/eval-messages.ts'
import type { ReportProblem } from '../reporter/report.ts'
import { MODULE_EXTENSION } from '../module-extension.ts'

/** The worker threads' entry (the sources in the repository, the built file in the package). */
const WORKER_FILE = new URL(`../../scenarios/eval/eval-worker-entry${MODULE_EXTENSION}`, import.meta.url)

/**
 * The most each worker's young generation may take, in MB (V8 splits it in three: two semispaces
 * of 16 MB and as much for large new objects). V8 grows a young generation by the bytes that
 * survive its collections, added up since its last growth, and does not shrink it while the
 * worker is busy: left alone, each worker's grew from 32 to 128 MB over the runs of the built-in
 * corpus, so five trials took half as much memory again as one. Runs leave little behind them,
 * so the bound costs no measurable time.
 */
const YOUNG_GENERATION_MB = 48

/** What the workers found when they loaded: the cases to play, or why nothing can. */
export type PoolReady =
  | { readonly kind: 'ready'; readonly cases: readonly EvalCase[]; readonly problems: readonly ReportProblem[]; readonly empty?: string }
  | { readonly kind: 'failed'; readonly problems: readonly string[] }

/** Options of `startEvalPool`. */
export interface EvalPoolOptions {
  readonly setup: Omit<EvalWorkerSetup, 'listCases'>
  /** How many worker threads play (each plays `setup.concurrency` runs at once). */
  readonly workers: number
  /** The workers' environment. */
  readonly env: Readonly<Record<string, string | undefined>>
}

/** The worker threads of one evaluation. */
export interface EvalPool {
  /** Settles once every worker has loaded the scenarios. */
  readonly ready: Promise<PoolReady>
  /** Tells the workers which runs the report being resumed already holds. */
  keep(runs: readonly KeptRun[], userReplays?: readonly UserReplay[]): void
  /**
   * Plays the units, handing each outcome to `onOutcome` as it comes (one at a time, in the order
   * they finish). Units go to whichever worker has a free place, so a slow run holds up no other.
   * A unit whose worker died is a problem of its own; when no worker is left, so are the rest.
   */
  play(units: readonly EvalUnit[], testOf: (unit: EvalUnit) => string, onOutcome: (unit: EvalUnit, outcome: EvalOutcome) => void | Promise<void>): Promise<void>
  /** Stops the workers (at once, also while they play: what they were playing is lost). */
  close(): Promise<void>
}

/** One worker and the units it is playing. */
interface Member {
  readonly worker: Worker
  readonly playing: Map<string, EvalUnit>
  alive: boolean
  /** Why it stopped, when it died. */
  death?: string
}

/**
 * Starts the worker threads of `toolcheck eval`. Each loads the scenarios, domains and roles
 * once and plays the units it is handed; the first lists the cases. Every worker gets the same
 * settings, so they load the same cases in the same order.
 */
export function startEvalPool(options: EvalPoolOptions): EvalPool {
  const members: Member[] = Array.from({ length: Math.max(1, options.workers) }, (_, index) => ({
    worker: new Worker(WORKER_FILE, { workerData: { ...options.setup, listCases: index === 0 } satisfies EvalWorkerSetup, env: { ...options.env }, stdout: false, stderr: false, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }),
    playing: new Map(),
    alive: true,
  }))
  let onMessage: (member: Member, message: FromWorker) => void = () => {}
  let onDeath: (member: Member) => void = () => {}
  for (const member of members) {
    member.worker.on('message', (message: FromWorker) => onMessage(member, message))
    member.worker.on('error', (error) => {
      member.death ??= error instanceof Error ? error.message : String(error)
    })
    member.worker.on('exit', (code) => {
      member.alive = false
      member.death ??= `its thread ended (exit code ${code})`
      onDeath(member)
    })
  }
  const ready = new Promise<PoolReady>((resolve) => {
    let loaded = 0
    let cases: readonly EvalCase[] = []
    let problems: readonly ReportProblem[] = []
    let empty: string | undefined
    const failures: string[] = []
    const settle = () => {
      if (loaded + failures.length < members.length) return
      resolve(failures.length > 0 ? { kind: 'failed', problems: [...new Set(failures)] } : { kind: 'ready', cases, problems, ...(empty === undefined ? {} : { empty }) })
    }
    onMessage = (_member, message) => {
      if (message.type === 'ready') {
        loaded++
        if (message.cases !== undefined) cases = message.cases
        if (message.problems !== undefined && message.problems.length > 0) problems = message.problems
        if (message.empty !== undefined) empty = message.empty
      } else if (message.type === 'failed') failures.push(...message.problems)
      settle()
    }
    onDeath = (member) => {
      failures.push(`a worker stopped while loading: ${member.death}`)
      settle()
    }
  })
  const post = (member: Member, message: ToWorker) => {
    if (member.alive) member.worker.postMessage(message)
  }
  return {
    ready,
    keep(runs, userReplays) {
      for (const member of members) post(member, { type: 'keep', runs, ...(userReplays === undefined || userReplays.length === 0 ? {} : { userReplays }) })
    },
    play(units, testOf, onOutcome) {
      const concurrency = Math.max(1, options.setup.concurrency)
      let next = 0
      let outstanding = units.length
      let handled = Promise.resolve()
      // Outcomes received and not yet handled: while the runs file is behind this many, no unit
      // is handed out, so the lines waiting in memory stay few however fast the workers play.
      let waiting = 0
      const mostWaiting = members.length * concurrency
      return new Promise<void>((resolve, reject) => {
        const deliver = (unit: EvalUnit, outcome: EvalOutcome) => {
          waiting++
          handled = handled.then(() => onOutcome(unit, outcome)).finally(() => {
            waiting--
            for (const member of members) fill(member)
          })
          handled.catch(reject)
          outstanding--
          if (outstanding === 0) handled.then(resolve, reject)
        }
        const fill = (member: Member) => {
          while (member.alive && member.playing.size < concurrency && next < units.length && waiting < mostWaiting) {
            const unit = units[next++] as EvalUnit
            member.playing.set(keyOf(unit), unit)
            post(member, { type: 'play', unit })
          }
          // With no worker left, the units not yet handed out cannot be played.
          if (members.every((candidate) => !candidate.alive))
            while (next < units.length) {
              const unit = units[next++] as EvalUnit
              deliver(unit, { kind: 'problem', problem: { file: '', test: testOf(unit), message: 'not played: every worker of the evaluation stopped' } })
            }
        }
        onMessage = (member, message) => {
          if (message.type !== 'done') return
          member.playing.delete(keyOf(message.unit))
          deliver(message.unit, message.outcome)
          fill(member)
        }
        onDeath = (member) => {
          for (const unit of member.playing.values()) deliver(unit, { kind: 'problem', problem: { file: '', test: testOf(unit), message: `the worker playing it stopped: ${member.death}` } })
          member.playing.clear()
          for (const other of members) fill(other)
        }
        if (units.length === 0) resolve()
        else for (const member of members) fill(member)
      })
    },
    async close() {
      await Promise.all(members.map((member) => (member.alive ? member.worker.terminate() : undefined)))
    },
  }
}

function keyOf(unit: EvalUnit): string {
  return `${unit.case}:${unit.trial}`
}
