import { createHash } from 'node:crypto'
import { stringsJsonPieces } from './json-pieces.ts'

/**
 * What a shard of `toolcheck eval --shard i/n` records of the evaluation it belongs to, in its
 * runs file: the evaluation (a digest of every run it plans, over all shards, and the settings
 * that made them), which shard this is, and the runs this shard plays. `toolcheck merge` reads
 * it to tell a whole set of shards from one with a shard missing, doubled, or of another
 * evaluation. It is not part of `report.json`, which reads the same however the runs were sharded.
 */
export interface EvaluationPlan {
  /** The evaluation's digest: equal in every shard of one evaluation, different for another. */
  readonly evaluation: string
  /** This shard: the `i` and `n` of `--shard i/n` (1-based); an evaluation not sharded is 1 of 1. */
  readonly shard: { readonly index: number; readonly count: number }
  /** How many runs the whole evaluation plans (a scenario under an augmentation, one trial each). */
  readonly total: number
  /** This shard's runs, each as `<test> #<trial>`, in the order they were planned. */
  readonly runs: readonly string[]
  /** The settings that chose the runs (`--variants`, `--filter`, `--trials`, ...), as given. */
  readonly settings: Readonly<Record<string, unknown>>
}

/** A run of a plan as the plan names it: its test and trial. */
export function planRunKey(test: string, trial: number): string {
  return `${test} #${trial}`
}

/**
 * A shard's plan as the evaluation holds it while it plays: its runs are named only when the plan
 * is written (`planLinePieces`), so an evaluation of 100,000 runs does not hold 100,000 names (and
 * the text of them) from its start to its end.
 */
export interface HeldPlan extends Omit<EvaluationPlan, 'runs'> {
  /** How many runs this shard plays. */
  readonly runCount: number
  /** This shard's runs as `planRunKey`s, named one at a time, in the order they were planned. */
  readonly runNames: () => Iterable<string>
}

/**
 * The plan of one shard: `all` the runs of the whole evaluation (as `planRunKey`s), `mine` this
 * shard's (how many, and their names when asked). The digest covers every run and the settings,
 * so two evaluations that differ in either have different digests.
 */
export function evaluationPlan(all: Iterable<string>, mine: { readonly count: number; readonly names: () => Iterable<string> }, shard: { readonly index: number; readonly count: number }, settings: Readonly<Record<string, unknown>>): HeldPlan {
  // The digest of JSON.stringify([all sorted, settings]), hashed a piece at a time rather than
  // made into one text (megabytes for 100,000 runs).
  const digest = createHash('sha256').update('[[')
  const sorted = [...all].sort()
  for (const piece of stringsJsonPieces(sorted)) digest.update(piece)
  digest.update(`],${JSON.stringify(sortedObject(settings))}]`)
  return { evaluation: digest.digest('hex').slice(0, 16), shard: { index: shard.index, count: shard.count }, total: sorted.length, runCount: mine.count, runNames: mine.names, settings }
}

/** The plan as it is written and read back: its runs named. */
export function writtenPlan(plan: HeldPlan): EvaluationPlan {
  return { evaluation: plan.evaluation, shard: plan.shard, total: plan.total, runs: [...plan.runNames()], settings: plan.settings }
}

/**
 * The runs file's line of a plan (without its newline), in pieces of a few thousand runs' names:
 * joined, the text JSON.stringify({ plan }) writes (of `writtenPlan(plan)` for a plan held).
 */
export function* planLinePieces(plan: HeldPlan | EvaluationPlan): Generator<string> {
  yield `{"plan":{"evaluation":${JSON.stringify(plan.evaluation)},"shard":${JSON.stringify(plan.shard)},"total":${JSON.stringify(plan.total)},"runs":[`
  yield* stringsJsonPieces('runs' in plan ? plan.runs : plan.runNames())
  yield `],"settings":${JSON.stringify(plan.settings)}}}`
}

/** A shard given to `toolcheck merge`: its folder and its plan. */
export interface PlannedShard {
  readonly source: string
  readonly plan: EvaluationPlan
}

/** Whether a set of shards makes its evaluation whole, and if not, what is wrong, in words. */
export type ShardSetCheck =
  | { readonly kind: 'whole' }
  | { readonly kind: 'mixed'; readonly problem: string }
  | { readonly kind: 'doubled'; readonly problem: string }
  | { readonly kind: 'missing'; readonly problem: string; readonly missing: readonly number[]; readonly missingRuns: number; readonly total: number; readonly count: number }

/**
 * Checks that shards make one evaluation whole: all of the same evaluation (same digest and shard
 * count), none given twice, none missing. Each problem names the shard and the folders.
 */
export function checkShardSet(shards: readonly PlannedShard[]): ShardSetCheck {
  const first = shards[0]
  if (first === undefined) return { kind: 'whole' }
  for (const shard of shards.slice(1)) {
    if (shard.plan.evaluation !== first.plan.evaluation || shard.plan.shard.count !== first.plan.shard.count) {
      const differs = settingsDifference(first.plan.settings, shard.plan.settings)
      return {
        kind: 'mixed',
        problem: `${shard.source} (shard ${shard.plan.shard.index} of ${shard.plan.shard.count}) is of another evaluation than ${first.source} (shard ${first.plan.shard.index} of ${first.plan.shard.count})${differs === '' ? ': they plan different runs' : `: ${differs}`}; merge the shards of one evaluation`,
      }
    }
  }
  const byIndex = new Map<number, string[]>()
  for (const shard of shards) byIndex.set(shard.plan.shard.index, [...(byIndex.get(shard.plan.shard.index) ?? []), shard.source])
  const doubled = [...byIndex.entries()].filter(([, sources]) => sources.length > 1)
  if (doubled.length > 0)
    return { kind: 'doubled', problem: doubled.map(([index, sources]) => `shard ${index} of ${first.plan.shard.count} is given ${sources.length} times (${sources.join(', ')})`).join('; ') + '; give each shard once' }
  const count = first.plan.shard.count
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !byIndex.has(index))
  if (missing.length === 0) return { kind: 'whole' }
  const present = shards.reduce((sum, shard) => sum + shard.plan.runs.length, 0)
  const missingRuns = first.plan.total - present
  const named = missing.map((index) => `shard ${index}`).join(', ').replace(/, ([^,]*)$/, ' and $1')
  return {
    kind: 'missing',
    missing,
    missingRuns,
    total: first.plan.total,
    count,
    problem: `${named} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing (${missingRuns} of the evaluation's ${first.plan.total} runs); merge every shard's report, or pass --partial to merge these and mark the report as partial`,
  }
}

/** The sentence a partial report carries on every page. */
export function partialNote(check: Extract<ShardSetCheck, { kind: 'missing' }>): string {
  const named = check.missing.map((index) => `shard ${index}`).join(', ')
  return `PARTIAL REPORT: ${named} of ${check.count} not merged; ${check.missingRuns} of the evaluation's ${check.total} runs are not in it, so its figures are of part of the evaluation`
}

/** The settings two plans differ in, in words (`variants all vs robustness`); empty when none. */
function settingsDifference(first: Readonly<Record<string, unknown>>, second: Readonly<Record<string, unknown>>): string {
  const names = [...new Set([...Object.keys(first), ...Object.keys(second)])].sort()
  return names
    .filter((name) => JSON.stringify(first[name]) !== JSON.stringify(second[name]))
    .map((name) => `${name} ${JSON.stringify(first[name] ?? null)} vs ${JSON.stringify(second[name] ?? null)}`)
    .join(', ')
}

function sortedObject(value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
