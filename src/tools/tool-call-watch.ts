import type { JsonValue } from '../world/index.ts'

/**
 * How a watcher answers for a call whose code must not run again: it was cut off earlier
 * (`timedOut`, a synchronous loop that blocked its thread, stopped by ending the thread) or it
 * broke the thread it ran on (`thrown`, out of memory). The call then ends as if the tool had.
 */
export type WatchedCallEnding = { readonly timedOut: number; readonly blocked: true } | { readonly thrown: Error }

/**
 * What the host of the runs (an eval worker thread) learns of each tool's code as it runs, so a
 * tool that blocks or kills its thread can be named and its run alone ended. `enter` comes just
 * before the tool's code runs (it may answer in its place); `run` calls the code, so what the
 * code leaves behind (timers, promises) can be traced back to the call; `leave` comes when the
 * code has returned (a promise, maybe: only the synchronous part is over).
 */
export interface ToolCallWatch {
  enter(tool: string, args: JsonValue, limitMs: number): WatchedCallEnding | undefined
  run<T>(code: () => T): T
  leave(): void
}

// One per thread, set by the host of the runs: the vitest plugin sets none, and there the calls
// run as they always did.
let watch: ToolCallWatch | undefined

/** Makes `watcher` see every tool call of this thread (the eval worker does, once). */
export function watchToolCalls(watcher: ToolCallWatch | undefined): void {
  watch = watcher
}

/** The watcher of this thread's tool calls, if its host set one. */
export function toolCallWatch(): ToolCallWatch | undefined {
  return watch
}
