// What keeps a run's code to its own run inside an eval worker thread, where several runs play
// at once: every run and every tool call carries its own async context, so an error the code
// throws from a timer or leaves in a rejected promise is traced to the run (and the tool) it came
// from and ends that run alone, as that code's culprit, instead of the thread and every run on it.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { RunError } from '../../src/conversation/trajectory.ts'
import { codeStack, thrownText } from '../../src/tools/code-stack.ts'
import type { WatchedCallEnding } from '../../src/tools/tool-call-watch.ts'
import { watchToolCalls } from '../../src/tools/tool-call-watch.ts'
import type { JsonValue } from '../../src/world/index.ts'
import type { CutCall, EvalUnit } from './eval-messages.ts'
import type { WatchMemory } from './watch-memory.ts'

/** One run in play on this thread, as its containment sees it. */
export interface ContainedRun {
  readonly unit: EvalUnit
  /** Cancels the run: fired when its code breaks outside a call. */
  readonly cancel: AbortController
  /** The tool calls begun so far (the next call's place). */
  calls: number
  /** What ended the run from outside its calls (the first such error). */
  fault?: RunError
  /** Whether the run was recorded: an error of its code after that ends nothing. */
  ended: boolean
  /** Timers the run's tools set, due within their time limit, not yet run. */
  readonly timers: Set<unknown>
  /** The longest time limit of a tool that set one of `timers`: how long the run waits for them. */
  timersLimitMs: number
  /** Called when the last of `timers` has run or been cleared. */
  drained?: () => void
}

/** The tool call whose code is running, as its async context. */
interface CallContext {
  readonly run: ContainedRun
  readonly tool: string
  readonly arguments: JsonValue
  readonly limitMs: number
}

const runs = new AsyncLocalStorage<ContainedRun>()
const calls = new AsyncLocalStorage<CallContext>()

/**
 * Contains the runs of this thread (once, when the worker starts): watches every tool call
 * (telling `memory` which call's code runs synchronously, and answering for a call that broke its
 * thread before, with the run's `cut`), catches every error the code leaves behind, turns
 * `process.exit` into an error of whoever called it, and beats `memory`'s heart while the thread
 * is free. An error with no run to pin it on is the harness's: the thread ends, and the command
 * plays its runs again.
 */
export function containRuns(memory: WatchMemory): void {
  const exit = process.exit.bind(process)
  watchToolCalls({
    enter(tool, args, limitMs): WatchedCallEnding | undefined {
      const run = runs.getStore()
      if (run === undefined) return undefined
      const call = run.calls++
      entering = { run, tool, arguments: args, limitMs }
      const cut = run.unit.cut
      if (cut !== undefined && cut.call === call) return cut.ending === 'blocked' ? { timedOut: limitMs, blocked: true } : { thrown: new Error(cut.message) }
      memory.entered(run.unit, call, limitMs)
      return undefined
    },
    run(code) {
      const run = runs.getStore()
      const call = entering
      entering = undefined
      return call === undefined || call.run !== runs.getStore() ? code() : calls.run(call, code)
    },
    leave() {
      memory.left()
    },
  })
  const onStray = (error: unknown) => {
    const call = calls.getStore()
    const run = call?.run ?? runs.getStore()
    if (run === undefined) {
      // Not the code of any run: the harness broke. The thread ends; the command plays its runs again.
      process.stderr.write(`toolcheck eval worker: ${thrownText(error)}\n`)
      exit(70)
      return
    }
    if (run.ended) return
    run.fault ??=
      call === undefined
        ? { culprit: 'agent', kind: 'agent-threw', role: 'agent', message: `the agent's code threw ${thrownText(error)} outside its turn (from a timer or a promise it left behind)`, ...stackOf(error) }
        : {
            culprit: 'domain',
            kind: 'tool-threw',
            tool: call.tool,
            arguments: call.arguments,
            message: `the tool ${call.tool} threw ${thrownText(error)} after its call (from a timer or a promise it left behind)`,
            ...stackOf(error),
          }
    run.cancel.abort(new Error(run.fault.message))
  }
  process.on('uncaughtException', onStray)
  process.on('unhandledRejection', onStray)
  process.exit = ((code?: number | string | null) => {
    throw new Error(`process.exit(${code ?? ''}) was called; the code of a run may not end the process`)
  }) as typeof process.exit
  traceTimers()
  memory.beat()
  setInterval(() => memory.beat(), HEARTBEAT_MS).unref()
}

// How often a free thread says so.
const HEARTBEAT_MS = 250

// The call whose code the watch's `run` is about to call: `enter`, just before, has its name.
let entering: CallContext | undefined

/**
 * Plays `play` as the run `run`: everything it starts carries the run, so what its code leaves
 * behind is traced to it. Then waits for the timers its tools set within their time limit, so an
 * error one of them throws after the tool answered ends this run, wherever and with whatever else
 * it was played, rather than passing unseen.
 */
export async function playContained<T>(run: ContainedRun, play: () => Promise<T>): Promise<T> {
  const result = await runs.run(run, play)
  // Waited for no longer than the tools' time limit: a tool whose timers set timers forever
  // (polling) must not hold its run.
  if (run.timers.size > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined
    await new Promise<void>((resolve) => {
      run.drained = resolve
      timer = setTimeout(resolve, run.timersLimitMs)
    })
    clearTimeout(timer)
  }
  // Rejections left unhandled are told once the microtasks are done: one turn of the loop.
  await new Promise((resolve) => setImmediate(resolve))
  run.ended = true
  return result
}

/** A new run's containment. */
export function containedRun(unit: EvalUnit): ContainedRun {
  return { unit, cancel: new AbortController(), calls: 0, ended: false, timers: new Set(), timersLimitMs: 0 }
}

function stackOf(error: unknown): { stack?: string } {
  const stack = codeStack(error)
  return stack === undefined ? {} : { stack }
}

/**
 * Makes `setTimeout` and `clearTimeout` note the timers a tool's code sets, due within the
 * tool's time limit, on the run that called it; an interval, or a timer due later, is left as it
 * is (a run cannot wait for it).
 */
function traceTimers(): void {
  const set = globalThis.setTimeout
  const clear = globalThis.clearTimeout
  const owners = new WeakMap<object, ContainedRun>()
  const done = (run: ContainedRun, handle: unknown) => {
    if (!run.timers.delete(handle)) return
    if (run.timers.size === 0) run.drained?.()
  }
  globalThis.setTimeout = ((callback: unknown, delay?: number, ...rest: unknown[]) => {
    const call = calls.getStore()
    if (call === undefined || typeof callback !== 'function' || !((delay ?? 0) <= call.limitMs)) return set(callback as () => void, delay, ...rest)
    const run = call.run
    const handle: ReturnType<typeof setTimeout> = set(() => {
      done(run, handle)
      ;(callback as (...values: unknown[]) => void)(...rest)
    }, delay)
    run.timers.add(handle)
    run.timersLimitMs = Math.max(run.timersLimitMs, call.limitMs)
    owners.set(handle, run)
    return handle
  }) as typeof setTimeout
  globalThis.clearTimeout = ((handle?: Parameters<typeof clearTimeout>[0]) => {
    const run = typeof handle === 'object' && handle !== null ? owners.get(handle) : undefined
    if (run !== undefined) done(run, handle)
    clear(handle)
  }) as typeof clearTimeout
}
