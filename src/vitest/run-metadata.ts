import { z } from 'zod'
import type { RunRecord } from '../runner/run-record-schema.ts'
import { runRecordSchema } from '../runner/run-record-schema.ts'

/**
 * The key under which toolcheck stores its results in a test's `task.meta`. Tests talk to the
 * reporter only through this namespaced, validated record, so the reporter never needs to know how
 * a test produced it (a scenario test, a matcher in a hand-written test, a merged shard).
 */
export const TOOLCHECK_META_KEY = 'toolcheck'

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
