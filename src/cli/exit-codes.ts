import { GATE_FAILED_EXIT_CODE } from '../gates/gate-failed-exit-code.ts'

/**
 * The exit codes of `toolcheck eval` and `toolcheck compare` (part of the observable contract:
 * CI scripts branch on them).
 */
export const EXIT_CODES = {
  /** Everything ran, and no gate failed / no significant regression. */
  ok: 0,
  /** The harness failed: a suite did not load, an unhandled error, a report that cannot be read. */
  harness: 1,
  /** Bad options. */
  usage: 2,
  /** Runs ended in infrastructure errors (counted apart from agent failures). */
  infrastructure: 3,
  /** A gate failed, or `compare` found a significant regression. */
  regression: GATE_FAILED_EXIT_CODE,
  /**
   * Runs ended in domain errors: a tool of the domain broke (its code threw something that is not
   * a ToolError, hung, returned no JSON, or wrote what the domain does not have). It wins over
   * 4 and 3: the report lacks those runs' verdicts because of a bug in the code under test.
   */
  domain: 5,
  /**
   * Runs ended in user errors: the simulated user broke its part (it leaked what it holds back,
   * quit before its goal, left it, or played the agent), so those runs say nothing about the
   * agent. The weakest of the codes: 1, 5, 4 and 3 win over it.
   */
  user: 6,
} as const
