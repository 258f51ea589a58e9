import { culpritOf } from '../conversation/culprit.ts'

/** The progress of `toolcheck eval`: told the total once the runs are known, then each run as it ends, then the end. */
export interface EvalProgress {
  /** The runs to play are known (`total`); the line starts. */
  started(total: number): void
  /** A run ended (played, or kept from the report being resumed, or skipped): its status and error, when it was played. */
  finished(run?: { readonly status: string; readonly error?: { readonly kind: string; readonly culprit?: string } | undefined }): void
  /** Every run ended: the timer stops, and on a terminal the line is cleared. */
  ended(): void
}

/** Options of `evalProgress`. */
export interface EvalProgressOptions {
  /** Where the lines go (stderr, so that stdout keeps only the summary). */
  readonly write: (text: string) => void
  /** Redraw one line in place (a terminal), or print a line now and then (a log). */
  readonly terminal: boolean
  /** Milliseconds between lines when not on a terminal. Default 30 000. */
  readonly logInterval?: number
  /** The clock, in milliseconds; `Date.now` by default (tests pass their own). */
  readonly now?: () => number
  /** Starts a repeating timer and returns its stopper: it keeps a terminal's elapsed time moving, and a log's lines coming. */
  readonly every?: (milliseconds: number, tick: () => void) => () => void
}

/** What the progress line says. */
export interface ProgressCounts {
  readonly done: number
  readonly total: number
  /** Runs the infrastructure ended. */
  readonly errors: number
  /** Runs a tool of the domain broke; said only when there are some. */
  readonly domainErrors?: number
  /** Runs whose simulated user broke its part so far. */
  readonly userErrors?: number
  readonly elapsedMs: number
}

/** `toolcheck eval: 120/3648 runs, 2 infrastructure errors, 1:05 elapsed`. */
export function formatProgress(counts: ProgressCounts): string {
  const seconds = Math.floor(counts.elapsedMs / 1000)
  const clock = seconds >= 3600 ? `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}` : `${Math.floor(seconds / 60)}:${pad(seconds % 60)}`
  const domain = (counts.domainErrors ?? 0) > 0 ? `, ${counts.domainErrors} domain error${counts.domainErrors === 1 ? '' : 's'}` : ''
  const user = (counts.userErrors ?? 0) > 0 ? `, ${counts.userErrors} user error${counts.userErrors === 1 ? '' : 's'}` : ''
  return `toolcheck eval: ${counts.done}/${counts.total} runs, ${counts.errors} infrastructure error${counts.errors === 1 ? '' : 's'}${domain}${user}, ${clock} elapsed`
}

/**
 * Shows how far `toolcheck eval` is: runs done of the total, the runs that ended in
 * infrastructure errors (and domain errors, when there are some) so far, and the time elapsed. On
 * a terminal it keeps one line up to date (and clears it at the end, before the summary); in a
 * log it prints a line every `logInterval`, whether runs finish or all of them wait on a hanging
 * server, so an hour-long run with a real model leaves a readable trail and a short one none at
 * all.
 */
export function evalProgress(options: EvalProgressOptions): EvalProgress {
  const now = options.now ?? Date.now
  const every = options.every ?? defaultEvery
  const interval = options.logInterval ?? 30_000
  const start = now()
  let total = 0
  let done = 0
  let errors = 0
  let domainErrors = 0
  let userErrors = 0
  let lastLine = start
  let lastDraw = -Infinity
  let stop: (() => void) | undefined
  const counts = (): ProgressCounts => ({ done, total, errors, domainErrors, userErrors, elapsedMs: now() - start })
  const draw = () => {
    lastDraw = now()
    options.write(`\r\u001b[2K${formatProgress(counts())}`)
  }
  const logLine = () => {
    if (now() - lastLine < interval) return
    lastLine = now()
    options.write(`${formatProgress(counts())}\n`)
  }
  const update = () => {
    // Thousands of quick runs redraw ten times a second at most; the timer catches up.
    if (options.terminal) {
      if (now() - lastDraw >= 100) draw()
    } else logLine()
  }
  return {
    started(runs) {
      total += runs
      // The timer keeps the promise when nothing happens: a terminal's clock moves, and a log gets
      // its line every interval even while every run waits on a hanging server.
      if (stop === undefined) stop = options.terminal ? every(1000, draw) : every(Math.min(1000, interval), logLine)
      update()
    },
    finished(run) {
      done++
      const culprit = run === undefined ? undefined : culpritOf(run)
      if (culprit === 'infrastructure') errors++
      else if (culprit === 'domain') domainErrors++
      else if (culprit === 'user') userErrors++
      update()
    },
    ended() {
      stop?.()
      stop = undefined
      if (options.terminal) options.write('\r\u001b[2K')
    },
  }
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

function defaultEvery(milliseconds: number, tick: () => void): () => void {
  const timer = setInterval(tick, milliseconds)
  // The line's clock must never keep the process alive.
  timer.unref()
  return () => clearInterval(timer)
}
