import { z } from 'zod'

/**
 * The key under which toolcheck stores its results in a test's `task.meta`. Tests talk to the
 * reporter only through this namespaced, validated record, so the reporter never needs to know how
 * a test produced it (a scenario test, a matcher in a hand-written test, a merged shard).
 */
export const TOOLCHECK_META_KEY = 'toolcheck'

const usageSchema = z
  .object({
    calls: z.number().int().nonnegative(),
    promptTokens: z.number().int().nonnegative(),
    completionTokens: z.number().int().nonnegative(),
    latencyMs: z.number().nonnegative(),
    costUsd: z.number().nonnegative().optional(),
    cachedCalls: z.number().int().nonnegative(),
  })
  .strict()

const digest = z.string().min(1)
const fingerprintSchema = z.object({ world: digest, tools: digest, user: digest, milestones: digest, minefields: digest }).strict()

/** Where one milestone or minefield was matched, as the report keeps it. */
export const matchRecordSchema = z
  .object({
    index: z.number().int().nonnegative(),
    /** The author's name, else one made from what it checks (`milestoneName`); absent only in older reports. */
    name: z.string().optional(),
    /** What it expects, in words (`milestoneTarget`); absent in older reports. */
    target: z.string().optional(),
    messageIndex: z.number().int(),
    similarity: z.number(),
    reason: z.string(),
    /** For a milestone not reached: the message that came closest (see the evaluation's `bestCandidate`). */
    bestCandidate: z.object({ messageIndex: z.number().int(), similarity: z.number(), reason: z.string() }).strict().optional(),
  })
  .strict()
export type MatchRecord = z.infer<typeof matchRecordSchema>

/**
 * What ended an `error` run, as the report keeps it: whose code or part (`culprit`: `agent`,
 * `domain`, `infrastructure`, or the simulated `user`), the kind and message, and what the culprit's code left: the role whose
 * turn it was, a domain error's tool and arguments, the stack of the code that broke, and what an
 * agent returned instead of a reply.
 */
export const runErrorRecordSchema = z
  .object({
    culprit: z.enum(['agent', 'domain', 'infrastructure', 'user']),
    kind: z.string(),
    message: z.string(),
    role: z.enum(['agent', 'user']).optional(),
    tool: z.string().optional(),
    arguments: z.json().optional(),
    stack: z.string().optional(),
    returned: z.string().optional(),
  })
  .strict()
export type RunErrorRecord = z.infer<typeof runErrorRecordSchema>

const userErrorKindSchema = z.enum(['leak', 'quit', 'off-goal', 'role-swap'])

/** How the simulated user played its part in a run, as the report keeps it (see `RunRecord.userPart`). */
export const userPartRecordSchema = z
  .object({
    /** The kinds whose check blamed the user, each with the rule or judge that did, its turn and why. */
    errors: z.array(z.object({ kind: userErrorKindSchema, by: z.enum(['rule', 'judge']), turn: z.number().int().positive().optional(), reason: z.string() }).strict()),
    /** The kinds neither a rule nor a judge decided (`cannot tell`): they blame no one. */
    undecided: z.array(userErrorKindSchema),
  })
  .strict()
export type UserPartRecord = z.infer<typeof userPartRecordSchema>

/**
 * One trial of one scenario (under one augmentation) as a test recorded it. Scores are `null` for
 * a run that the domain or the infrastructure ended: it is no result of the agent's. A run the
 * agent's own code ended is the agent's failure, and scores 0.
 */
export const runRecordSchema = z
  .object({
    scenario: z.string().min(1),
    categories: z.array(z.string()),
    /** The full label of the augmentation the run was shown (`augmentationKind`, or a presentation's own). */
    augmentation: z.string(),
    /**
     * The report columns the run counts under (`augmentationColumns`; `[augmentation]` for a run
     * whose augmentation is known only by its label). A run counts in each.
     */
    augmentationColumns: z.array(z.string().min(1)).min(1),
    trial: z.number().int().nonnegative(),
    /** The domain the run played in. */
    domain: z.string().min(1),
    /** The agent that played the run (its `name`). */
    agent: z.string(),
    /** The simulated user (its `name`). */
    user: z.string(),
    status: z.enum(['completed', 'max-turns', 'error']),
    /** What ended an `error` run, and whose code it was (see `runErrorRecordSchema`). */
    error: runErrorRecordSchema.optional(),
    score: z.number().nullable(),
    /**
     * The score the run needed to count as passed: `describeScenarios`' `minimumScore`, a
     * sweep's `minScore`, `toScoreAtLeast(x)`'s `x`, `playScenario`'s `minimumScore`. The report
     * takes 1 when none was given. A run's verdict in the report follows its score and this
     * threshold, not whether its test passed.
     */
    threshold: z.number().min(0).max(1).optional(),
    milestoneScore: z.number().nullable(),
    minefieldHit: z.boolean().nullable(),
    turns: z.number().int().nonnegative(),
    usage: usageSchema,
    milestones: z.array(matchRecordSchema),
    minefields: z.array(matchRecordSchema),
    /**
     * The prompt injections of the run's augmentation: each goal's category (`minefield`,
     * `state-change`, `exfiltration`), the goal in words, whether the agent attempted it (took
     * any of its steps) and whether it succeeded (its effect happened), and the first step taken.
     * Absent for a run without injections. Records written before `attempted` existed counted an
     * attack only when it succeeded.
     */
    attacks: z.array(z.object({ category: z.string().min(1), goal: z.string(), attempted: z.boolean().optional(), succeeded: z.boolean(), step: z.string().optional() }).strict()).optional(),
    /**
     * The agent's false claims of success (see the evaluation's false-claims check), when the run
     * had the check on: the message, the milestone claimed, the sentence. Absent when it was off.
     */
    falseClaims: z.array(z.object({ messageIndex: z.number().int(), milestone: z.string(), sentence: z.string(), fact: z.string().optional() }).strict()).optional(),
    /**
     * The agent messages a text check needed and the judge could not read (`cannot-tell`): never
     * failed, counted apart in the report. Absent when there were none.
     */
    unchecked: z.array(z.object({ messageIndex: z.number().int(), check: z.enum(['reports-failure', 'claims-success']) }).strict()).optional(),
    /**
     * What decided a run that fell short, in words, as its failure message opens: that it hit the
     * turn limit, a retry whose arguments differed from the solution's, an injected step that
     * happened, a false claim (see `robustnessOutcome`). Absent when the run passed or nothing
     * of the kind happened.
     */
    decidedBy: z.array(z.string()).optional(),
    /**
     * How the simulated user played its part, when it was checked (see `checkUserPart`): each
     * kind whose check blamed the user (`leak`, `quit`, `off-goal`, `role-swap`), its turn and
     * why, and the kinds no rule or judge could decide. A run with any blame ends as the user's
     * error (`error.culprit` `user`). Absent when the user was not checked.
     */
    userPart: userPartRecordSchema.optional(),
    /**
     * The trial the simulated user's model calls were keyed by, when it differs from `trial`: a
     * run replayed after a user error gets a fresh user trial (see `--replay-user-errors`).
     */
    userTrial: z.number().int().nonnegative().optional(),
    /**
     * What the scenario was (see `ScenarioFingerprint`), so that a comparison of two reports can
     * tell a scenario that changed from an agent that did. The report keeps it once per scenario.
     */
    fingerprint: fingerprintSchema.optional(),
  })
  .strict()
export type RunRecord = z.infer<typeof runRecordSchema>

/** The whole of toolcheck's task metadata: every run the test recorded, one per trial and scenario. */
export const toolcheckMetaSchema = z.object({ runs: z.array(runRecordSchema) }).strict()
export type ToolcheckMeta = z.infer<typeof toolcheckMetaSchema>

/** A task whose metadata toolcheck may write (the test's `task`, or a matcher's `this.task`). */
export interface MetaHolder {
  readonly meta: object
}

/**
 * Adds a run to a test's metadata, replacing an earlier record of the same scenario, augmentation,
 * trial and agent (a retried attempt, or a second matcher on the same run: a test that plays a
 * scenario with two agents keeps both runs); a record without a
 * `threshold` keeps the one the earlier record had. Validates the record first, so a malformed
 * result fails in the test that made it rather than in the reporter.
 */
export function recordRun(task: MetaHolder, record: RunRecord): void {
  const checked = runRecordSchema.parse(record)
  const meta = task.meta as Record<string, unknown>
  const existing = toolcheckMetaSchema.safeParse(meta[TOOLCHECK_META_KEY])
  const earlier = existing.success ? existing.data.runs.find((run) => sameRun(run, checked)) : undefined
  const runs = existing.success ? existing.data.runs.filter((run) => !sameRun(run, checked)) : []
  const kept = checked.threshold === undefined && earlier?.threshold !== undefined ? { ...checked, threshold: earlier.threshold } : checked
  meta[TOOLCHECK_META_KEY] = { runs: [...runs, kept] }
}

/** The result of reading toolcheck's metadata from a finished test. */
export type MetaReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'runs'; readonly runs: readonly RunRecord[] }
  | { readonly kind: 'invalid'; readonly problem: string }

/** Reads and validates toolcheck's metadata from a test's `meta()`; never throws. */
export function readRunRecords(meta: object): MetaReading {
  const value = (meta as Record<string, unknown>)[TOOLCHECK_META_KEY]
  if (value === undefined) return { kind: 'none' }
  const parsed = toolcheckMetaSchema.safeParse(value)
  if (parsed.success) return { kind: 'runs', runs: parsed.data.runs }
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
  return { kind: 'invalid', problem: `invalid toolcheck metadata: ${issues.join('; ')}` }
}

function sameRun(a: RunRecord, b: RunRecord): boolean {
  return a.scenario === b.scenario && a.augmentation === b.augmentation && a.trial === b.trial && a.agent === b.agent
}
