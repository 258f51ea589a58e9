import { z } from 'zod'
import { SCORING_MODES } from '../evaluation/scoring-mode.ts'
import { runRecordSchema } from '../vitest/run-metadata.ts'

// What toolcheck reads back from disk (report.json for `compare`, runs files for `merge` and
// `--resume`) is checked against these before anything uses it: a file cut short, edited by hand
// or made to break the reader is refused with the path of the first wrong value, rather than
// crashing deep in a summary with a stack. Objects keep keys they do not know (a newer toolcheck
// may add some); zod never lets a `__proto__` key set an object's prototype.

const unit = z.number().min(0).max(1)

/** A run as `report.json` and runs files keep it (see `ReportRun`). */
export const reportRunSchema = runRecordSchema
  .omit({ fingerprint: true })
  .extend({
    score: unit.nullable(),
    milestoneScore: unit.nullable(),
    id: z.string().min(1),
    threshold: unit,
    test: z.string(),
    file: z.string(),
    passed: z.boolean(),
    verdict: z.enum(['passed', 'failed', 'error']),
    testPassed: z.boolean(),
  })
  .loose()

/** A run of a report of version 1, written before runs had their own verdict, threshold, user and domain. */
const firstVersionRunSchema = reportRunSchema.partial({ threshold: true, verdict: true, testPassed: true, user: true, domain: true })

/** A scenario's fingerprint as a report keeps it. */
export const reportedFingerprintSchema = z.object({ world: z.string(), tools: z.string(), user: z.string(), milestones: z.string(), minefields: z.string() }).loose()

/** A test that failed without recording a run. */
export const reportProblemSchema = z.object({ file: z.string(), test: z.string(), message: z.string() }).loose()

const amount = z.number().nonnegative()

/** What an evaluation's budget allowed and spent. */
export const budgetReportSchema = z
  .object({
    limits: z.object({ modelCalls: amount.optional(), tokens: amount.optional(), costUsd: amount.optional() }).loose(),
    spent: z.object({ modelCalls: amount, tokens: amount, costUsd: amount, refusedCalls: amount }).loose(),
    cutRuns: z.number().int().nonnegative(),
  })
  .loose()

const scoringSchema = z.enum(SCORING_MODES as [string, ...string[]])

/** The settings a runs file's header gives (see `GivenSettings`). */
export const givenSettingsSchema = z.object({ scoring: scoringSchema.optional(), agentSpec: z.string().optional(), userSpec: z.string().optional() }).loose()

const reportSettingsSchema = givenSettingsSchema.extend({ scoring: scoringSchema, version: z.string(), replayed: z.boolean().nullable().optional(), deterministic: z.boolean().optional() })

const names = z.array(z.string()).optional()

/**
 * A `report.json` of either version as far as `compare` reads it; its summary is not checked,
 * since the reader works it out again from the runs.
 */
export const readReportSchema = z.discriminatedUnion('version', [
  z.object({ format: z.literal('toolcheck-report'), version: z.literal(2), agent: z.string().optional(), agents: names, users: names, domains: names, settings: reportSettingsSchema.optional(), scenarios: z.record(z.string(), reportedFingerprintSchema).optional(), runs: z.array(reportRunSchema), problems: z.array(reportProblemSchema).optional() }).loose(),
  z.object({ format: z.literal('toolcheck-report'), version: z.literal(1), agent: z.string().optional(), runs: z.array(firstVersionRunSchema), problems: z.array(reportProblemSchema).optional() }).loose(),
])

/** The first wrong value zod found, in one line: `runs[0].score: Too big: expected number to be <=1`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (issue === undefined) return 'not as expected'
  const path = issue.path.reduce<string>((text, step) => (typeof step === 'number' ? `${text}[${step}]` : `${text}${text === '' ? '' : '.'}${String(step)}`), '')
  return `${path === '' ? 'the whole' : path}: ${issue.message.replace(/\s+/g, ' ')}`
}
