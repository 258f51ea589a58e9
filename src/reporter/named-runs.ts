import type { FailingRun } from './failing-runs.ts'
import { WorstFailingRuns } from './failing-runs.ts'
import type { SummarizedRun } from './report.ts'

/**
 * What the printed summaries (`formatSummary`, `summaryMarkdown`) say of single runs rather than
 * of counts: the worst failing runs, the first run each way someone's code broke, the first run of
 * each kind of user error, why a budget cut runs. Gathered run by run (`NamedRunsTally`), it holds
 * a handful of runs however many there are, so a report written as its runs come need not keep
 * the 40,000 that failed to print ten of them.
 */
export interface NamedRuns {
  /** The worst failing runs, worst first (at most `LISTED_FAILING_RUNS`), and how many runs failed. */
  readonly failing: { readonly runs: readonly FailingRun[]; readonly count: number }
  /** Per bug (a tool and its message) of a domain's tools or of the agent's code, in the order first met: the first run it ended and how many it ended. */
  readonly brokenCode: Readonly<Record<'agent' | 'domain', readonly BrokenCode[]>>
  /** The first run of each simulated user and kind of error it made, in the order first met. */
  readonly userErrors: readonly SummarizedRun[]
  /** Why the budget cut runs, each reason with how many runs it cut, in the order first met. */
  readonly budgetCuts: readonly { readonly reason: string; readonly runs: number }[]
}

/** A bug that ended runs: the first of them, and how many. */
export interface BrokenCode {
  readonly first: SummarizedRun
  readonly runs: number
}

/** `NamedRuns` over runs held in a list. */
export function namedRuns(runs: readonly SummarizedRun[]): NamedRuns {
  const tally = new NamedRunsTally()
  for (const run of runs) tally.add(run)
  return tally.finish()
}

/** `NamedRuns` gathered as runs come, in the report's order. */
export class NamedRunsTally {
  readonly #failing = new WorstFailingRuns()
  readonly #broken = { agent: new Map<string, { first: SummarizedRun; runs: number }>(), domain: new Map<string, { first: SummarizedRun; runs: number }>() }
  readonly #userErrors = new Map<string, SummarizedRun>()
  readonly #budgetCuts = new Map<string, number>()

  add(run: SummarizedRun): void {
    this.#failing.add(run)
    const error = run.error
    if (error === undefined) return
    const culprit = error.culprit
    if (run.status === 'error' && (culprit === 'agent' || culprit === 'domain')) {
      const bugs = this.#broken[culprit]
      const key = `${error.tool ?? ''}\u0000${error.message}`
      const known = bugs.get(key)
      if (known === undefined) bugs.set(key, { first: run, runs: 1 })
      else known.runs++
    }
    if (culprit === 'user') {
      const key = `${run.user}\u0000${error.kind}`
      if (!this.#userErrors.has(key)) this.#userErrors.set(key, run)
    }
    if (error.kind === 'budget') {
      const reason = (error.message.split('\n')[0] ?? '').replace(/^the call was not made: /, '')
      this.#budgetCuts.set(reason, (this.#budgetCuts.get(reason) ?? 0) + 1)
    }
  }

  finish(): NamedRuns {
    return {
      failing: this.#failing.finish(),
      brokenCode: { agent: [...this.#broken.agent.values()], domain: [...this.#broken.domain.values()] },
      userErrors: [...this.#userErrors.values()],
      budgetCuts: [...this.#budgetCuts].map(([reason, runs]) => ({ reason, runs })),
    }
  }
}
