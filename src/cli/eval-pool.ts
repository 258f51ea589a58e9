import { Worker } from 'node:worker_threads'
import type { EvalCase, EvalOutcome, EvalUnit, EvalWorkerSetup, FromWorker, KeptRun, ToWorker, UserReplay } from './eval/eval-messages.ts'
import { keptRuns } from './eval/eval-messages.ts'
import type { ReportProblem } from '../reporter/report.ts'
import { WatchMemory } from './eval/watch-memory.ts'
import { holdYoungGenerations, letYoungGenerationsGrow } from './eval/heap-bound.ts'
import { MODULE_EXTENSION } from '../module-extension.ts'

/** The worker threads' entry (the sources in the repository, the built file in the package). */
const WORKER_FILE = new URL(`./eval/eval-worker-entry${MODULE_EXTENSION}`, import.meta.url)

/**
 * The most each worker's young generation may take, in MB (V8 splits it in three: two semispaces
 * and as much again for large new objects). V8 grows a young generation by the bytes that survive
 * its collections, added up since its last growth, and does not shrink it while the worker is
 * busy: left alone, each worker's grew from 32 to 128 MB over the runs of the built-in corpus, so
 * five trials took half as much memory again as one. Runs leave little behind them: at 16 MB
 * rather than 48, an evaluation of 1,824 runs peaked 30 MB lower (236-242 against 268 MB) and one
 * of 36,480 runs 55 MB lower, for the same CPU time at the first and 3 % more at the second; at 8
 * rather than 16, 1,824 runs peaked at 220 rather than 236 MB and 100,320 runs at 371 rather than
 * 387, in the same CPU time (in four alternated pairs at 1,824 runs).
 */
const YOUNG_GENERATION_MB = 8

/** What the workers found when they loaded: the cases to play, or why nothing can. */
export type PoolReady =
  | { readonly kind: 'ready'; readonly cases: readonly EvalCase[]; readonly problems: readonly ReportProblem[]; readonly empty?: string; readonly codeFingerprint?: string }
  | { readonly kind: 'failed'; readonly problems: readonly string[] }

/** Options of `startEvalPool`. */
export interface EvalPoolOptions {
  readonly setup: Omit<EvalWorkerSetup, 'listCases' | 'watch'>
  /** How many worker threads play (each plays `setup.concurrency` runs at once). */
  readonly workers: number
  /** The workers' environment. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** The most each worker's heap may take, in MB: a run whose code takes more ends alone (Node's default when absent). */
  readonly memoryMb?: number
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
  readonly watch: WatchMemory
  readonly playing: Map<string, EvalUnit>
  alive: boolean
  /** Set when the command ends the worker itself (closing, or a worker found stuck). */
  stopping: boolean
  /** Why it stopped, when it died. */
  death?: string
  /** The call it was stopped for, when a tool's synchronous code ran past its time limit. */
  blocked?: { readonly key: string; readonly call: number; readonly limitMs: number }
}

/**
 * How long a worker may be away from its event loop while no tool's code is running before it is
 * taken for stuck (in an agent's or a tool's continuation, where no call is watched): the run
 * time limit, with room for a loaded machine.
 */
const STUCK_MARGIN_MS = 10_000

/** How often the command looks at the workers' shared memory. */
const WATCH_INTERVAL_MS = 250

/**
 * Starts the worker threads of `toolcheck eval`. Each loads the scenarios, domains and roles
 * once and plays the units it is handed; the first lists the cases. Every worker gets the same
 * settings, so they load the same cases in the same order.
 *
 * A worker whose run's code kills or blocks it is replaced, and only that run ends: a tool's
 * synchronous code that runs past its time limit is found through the memory the worker shares
 * (see `WatchMemory`), the worker is stopped, and the run is played again up to that call, which
 * then ends it as a `tool-timeout`; a worker that dies while a tool's code runs has that call end
 * its run as the tool's bug. The other runs it had in flight are played again. A worker that dies
 * or blocks with no call to blame has each of its runs played again alone on a worker; one that
 * stops its worker alone is a problem of the evaluation, and nothing else is lost.
 */
export function startEvalPool(options: EvalPoolOptions): EvalPool {
  // The workers' young generations grow while they load, and are held once all have loaded. A
  // worker that replaces a dead one while the runs play starts held, at V8's first size: it then
  // collects more often, which costs it some CPU time and nothing else.
  letYoungGenerationsGrow()
  const spawn = (listCases: boolean): Member => {
    const watch = new WatchMemory()
    const member: Member = {
      worker: new Worker(WORKER_FILE, {
        workerData: { ...options.setup, listCases, watch: watch.buffer } satisfies EvalWorkerSetup,
        env: { ...options.env },
        stdout: false,
        stderr: false,
        resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, ...(options.memoryMb === undefined ? {} : { maxOldGenerationSizeMb: options.memoryMb }) },
      }),
      watch,
      playing: new Map(),
      alive: true,
      stopping: false,
    }
    member.worker.on('message', (message: FromWorker) => onMessage(member, message))
    member.worker.on('error', (error) => {
      member.death ??= error instanceof Error ? error.message : String(error)
    })
    member.worker.on('exit', (code) => {
      member.alive = false
      member.death ??= `its thread ended (exit code ${code})`
      onDeath(member)
    })
    return member
  }
  let onMessage: (member: Member, message: FromWorker) => void = () => {}
  let onDeath: (member: Member) => void = () => {}
  const members: Member[] = Array.from({ length: Math.max(1, options.workers) }, (_, index) => spawn(index === 0))
  // What the workers were told to keep, told again to a worker that replaces one.
  let keeping: ToWorker | undefined
  let closing = false
  const ready = new Promise<PoolReady>((resolve) => {
    let loaded = 0
    let cases: readonly EvalCase[] = []
    let problems: readonly ReportProblem[] = []
    let empty: string | undefined
    let codeFingerprint: string | undefined
    const failures: string[] = []
    // A worker that said why it failed then ends its thread: that is no news.
    const told = new Set<Member>()
    const settle = () => {
      if (loaded + failures.length < members.length) return
      holdYoungGenerations()
      resolve(failures.length > 0 ? { kind: 'failed', problems: [...new Set(failures)] } : { kind: 'ready', cases, problems, ...(empty === undefined ? {} : { empty }), ...(codeFingerprint === undefined ? {} : { codeFingerprint }) })
    }
    onMessage = (member, message) => {
      if (message.type === 'ready') {
        loaded++
        if (message.cases !== undefined) cases = message.cases
        if (message.problems !== undefined && message.problems.length > 0) problems = message.problems
        if (message.empty !== undefined) empty = message.empty
        if (message.codeFingerprint !== undefined) codeFingerprint = message.codeFingerprint
      } else if (message.type === 'failed') {
        told.add(member)
        failures.push(...message.problems)
      }
      settle()
    }
    onDeath = (member) => {
      if (member.stopping || told.has(member)) return
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
      keeping = { type: 'keep', runs: keptRuns(runs), ...(userReplays === undefined || userReplays.length === 0 ? {} : { userReplays }) }
      for (const member of members) post(member, keeping)
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
      // Units to play again (their worker died or was stopped), before any new one; a `solo` one
      // plays alone on its worker, to see whether it is the one that stops it.
      const again: { unit: EvalUnit; solo: boolean }[] = []
      const replays = new Map<string, number>()
      // The units playing alone, by their worker.
      const alone = new Set<Member>()
      // Deaths of workers with nothing to blame: past this many, the evaluation stops replacing them.
      let replacements = 0
      const mostReplacements = units.length + members.length * 4
      return new Promise<void>((resolve, reject) => {
        const watchdog = setInterval(() => {
          for (const member of members) {
            if (!member.alive || member.stopping || member.playing.size === 0) continue
            const running = member.watch.running()
            if (running !== undefined && running.forMs > running.limitMs + WATCH_INTERVAL_MS) {
              member.blocked = { key: keyOf(running), call: running.call, limitMs: running.limitMs }
              stop(member, `a tool's code ran synchronously for ${Math.round(running.forMs)} ms, past its time limit of ${running.limitMs} ms`)
            } else if (running === undefined && member.watch.silentForMs() > options.setup.runTimeoutMs + STUCK_MARGIN_MS) {
              stop(member, `its thread was blocked for ${Math.round(member.watch.silentForMs() / 1000)} s, outside any tool call`)
            }
          }
        }, WATCH_INTERVAL_MS)
        watchdog.unref()
        const finish = () => {
          clearInterval(watchdog)
          handled.then(resolve, reject)
        }
        const stop = (member: Member, why: string) => {
          member.stopping = true
          member.death = why
          void member.worker.terminate()
        }
        const deliver = (unit: EvalUnit, outcome: EvalOutcome) => {
          waiting++
          handled = handled.then(() => onOutcome(unit, outcome)).finally(() => {
            waiting--
            for (const member of members) fill(member)
          })
          handled.catch(reject)
          outstanding--
          if (outstanding === 0) finish()
        }
        const fill = (member: Member) => {
          // The units handed to the worker now go in one message.
          const handed: EvalUnit[] = []
          const hand = (unit: EvalUnit) => {
            member.playing.set(keyOf(unit), unit)
            handed.push(unit)
          }
          while (member.alive && !member.stopping && !alone.has(member) && member.playing.size < concurrency && waiting < mostWaiting) {
            const replay = again.findIndex((entry) => !entry.solo || member.playing.size === 0)
            if (replay >= 0) {
              const [entry] = again.splice(replay, 1)
              if (entry === undefined) break
              if (entry.solo) alone.add(member)
              hand(entry.unit)
            } else if (next < units.length) hand(units[next++] as EvalUnit)
            else break
          }
          if (handed.length > 0) post(member, { type: 'play', units: handed })
          // With no worker left, the units not yet handed out cannot be played.
          if (members.every((candidate) => !candidate.alive))
            for (const unit of [...again.splice(0).map((entry) => entry.unit), ...units.slice(next)]) {
              next = units.length
              deliver(unit, { kind: 'problem', problem: { file: '', test: testOf(unit), message: 'not played: every worker of the evaluation stopped' } })
            }
        }
        onMessage = (member, message) => {
          // A unit its worker no longer plays (the worker died and the unit went to another) is not delivered twice.
          if (message.type !== 'done') return
          for (const { unit, outcome } of message.finished) {
            if (!member.playing.delete(keyOf(unit))) continue
            alone.delete(member)
            deliver(unit, outcome)
          }
          fill(member)
        }
        onDeath = (member) => {
          const inFlight = [...member.playing.values()]
          member.playing.clear()
          const wasAlone = alone.delete(member)
          // Whom to blame: the call the worker was stopped for, else the call whose code was
          // running when it died (out of memory, say), else the only run it had.
          const running = member.watch.running()
          const blamed = member.blocked ?? (running === undefined ? undefined : { key: keyOf(running), call: running.call, limitMs: running.limitMs })
          const death = member.death ?? 'its thread ended'
          for (const unit of inFlight) {
            const key = keyOf(unit)
            const times = (replays.get(key) ?? 0) + 1
            replays.set(key, times)
            if (blamed !== undefined && blamed.key === key) {
              const cut = member.blocked === undefined ? { call: blamed.call, ending: 'crashed' as const, message: `its worker thread died while the tool ran: ${death}` } : { call: blamed.call, ending: 'blocked' as const, message: death }
              again.unshift({ unit: { case: unit.case, trial: unit.trial, cut }, solo: false })
            } else if (blamed === undefined && (wasAlone || inFlight.length === 1 || times > MOST_REPLAYS))
              deliver(unit, { kind: 'problem', problem: { file: '', test: testOf(unit), message: `the run stopped the worker thread playing it: ${death}` } })
            else again.unshift({ unit: { case: unit.case, trial: unit.trial, ...(unit.cut === undefined ? {} : { cut: unit.cut }) }, solo: blamed === undefined })
          }
          const place = members.indexOf(member)
          if (!closing && place >= 0 && replacements++ < mostReplacements) {
            const replacement = spawn(false)
            members[place] = replacement
            if (keeping !== undefined) post(replacement, keeping)
          }
          for (const other of members) fill(other)
        }
        if (units.length === 0) finish()
        else for (const member of members) fill(member)
      })
    },
    async close() {
      closing = true
      await Promise.all(
        members.map((member) => {
          member.stopping = true
          return member.alive ? member.worker.terminate() : undefined
        }),
      )
    },
  }
}

/** How often a run is played again after its worker died before it counts as a problem. */
const MOST_REPLAYS = 4

function keyOf(unit: { readonly case: number; readonly trial: number }): string {
  return `${unit.case}:${unit.trial}`
}
