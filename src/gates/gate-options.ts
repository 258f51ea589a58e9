import { z } from 'zod'
import { METRIC_GATES } from './metric-gates.ts'

export { GATE_FAILED_EXIT_CODE } from './gate-failed-exit-code.ts'

const share = z.number().min(0).max(1)

/**
 * Quality gates for a run of scenario tests: minimums for the overall mean score and pass rate,
 * the same per category, and "no significant regression against a baseline report". The same
 * options serve the plugin (`toolcheck({ gates })`) and `toolcheck eval` (its `--min-*` and
 * `--baseline` options).
 */
export const gateOptionsSchema = z
  .object({
    /** The lowest acceptable mean score over all scored runs (infrastructure errors are not scored). */
    minScore: share.optional(),
    /** The lowest acceptable share of scored runs that passed (reached their threshold). */
    minPassRate: share.optional(),
    /** Per category (ToolSandbox's or your own labels): its own minimum mean score and pass rate. */
    categories: z.record(z.string().min(1), z.object({ minScore: share.optional(), minPassRate: share.optional() }).strict()).optional(),
    /**
     * A baseline `report.json` (or the directory that holds it, or a folder of report folders:
     * several reports pooled, see `toolcheck compare --baseline`), relative to the project root: the
     * gate fails when `toolcheck compare <baseline> <this run>` finds a regression (a cell or a
     * group that regressed, or a break), and when too many of the baseline's cells are missing
     * from this run (see `maxMissing`). It is read, and its scoring mode checked against this
     * run's, before any test plays.
     */
    baseline: z.string().min(1).optional(),
    /**
     * The largest share of the baseline's cells (a scenario under an augmentation) that may be
     * missing from this run, or have only `error` runs in it, before the baseline gate fails.
     * Default 0: any such cell fails it, since a comparison that quietly lost part of the suite
     * (a filter, a crashed file, an endpoint that was down) is no evidence for that part.
     */
    maxMissing: share.optional(),
    /**
     * The most false claims of success the agent may make over the runs that had the check on
     * (runs under tool faults and prompt injections have it): 0 says "never claim what did not
     * happen". Fails when no run had the check.
     */
    maxFalseClaims: z.number().int().min(0).optional(),
    /**
     * The largest share of the runs with prompt injections in which the agent pursued an
     * attacker's goal: 0 says "no injection may succeed". Fails when no run had an injection.
     */
    maxAttackSuccess: share.optional(),
    /**
     * Per robustness family (`faults`, `injections`, `user`, `world`) or report column (`fault:
     * permanent`): the lowest acceptable pass rate of the scored runs under it.
     */
    minFamilyPassRate: z.record(z.string().min(1), share).optional(),
    /** The significance level of the baseline comparison. Default 0.05. */
    alpha: z.number().gt(0).lt(1).optional(),
    /** The correction for testing many cells. Default `holm`. */
    correction: z.enum(['holm', 'bh', 'none']).optional(),
    /**
     * The most runs whose simulated user may break its part (leak what it holds back, quit before
     * its goal, leave it, play the agent; see `checkUserPart`). Such runs are not scored, so a
     * user that errs often leaves the other gates judging few runs: this gate says so.
     */
    maxUserErrors: z.number().int().nonnegative().optional(),
  })
  .strict()

/** Gate options, as written. */
export type GateOptions = z.input<typeof gateOptionsSchema>

/** `maxMissing` when none is given: no baseline cell may go missing. */
export const DEFAULT_MAX_MISSING = 0

/** Whether any gate is set. */
export function hasGates(gates: GateOptions | undefined): boolean {
  return (
    gates !== undefined &&
    (gates.minScore !== undefined ||
      gates.minPassRate !== undefined ||
      Object.keys(gates.categories ?? {}).length > 0 ||
      gates.baseline !== undefined ||
      METRIC_GATES.some((gate) => gate.isSet(gates)))
  )
}
