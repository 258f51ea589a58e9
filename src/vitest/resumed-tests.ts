import { inject } from 'vitest'
import { resolve } from 'node:path'
import type { EarlierRuns } from '../reporter/resumable-runs.ts'
import { isResumableRun } from '../reporter/resumable-runs.ts'
import type { ScenarioFingerprint } from '../runner/scenario-fingerprint.ts'
import { FINGERPRINT_PARTS } from '../runner/scenario-fingerprint.ts'
import './vitest-augmentation.ts'

/** A run of an earlier report, as a resumed vitest run needs it to skip the test that recorded it. */
export interface ResumedRun {
  readonly id: string
  readonly trial: number
  readonly fingerprint?: ScenarioFingerprint | undefined
}

/**
 * The tests of an earlier report that a resumed vitest run (`toolcheck({ resume })`) may skip,
 * as the plugin hands them to the workers: by `resumedTestKey`, the runs each test recorded.
 * A test with a run that ended in an infrastructure error is left out, so it plays again.
 */
export interface ResumedTests {
  /** The earlier report's folder. */
  readonly directory: string
  readonly tests: Readonly<Record<string, readonly ResumedRun[]>>
}

/** What names a test across runs: its file (absolute, with `/`) and its full name (suites and name, joined by ` > `). */
export function resumedTestKey(file: string, fullName: string): string {
  return JSON.stringify([file.replaceAll('\\', '/'), fullName])
}

/** The tests of `earlier` (read from a report folder) that a resumed run may skip; `root` is the project root its files are relative to. */
export function resumedTests(earlier: EarlierRuns, root: string): ResumedTests {
  const byTest = new Map<string, ResumedRun[]>()
  const broken = new Set<string>()
  for (const entry of earlier.runs.values()) {
    const key = resumedTestKey(resolve(root, entry.run.file), entry.run.test)
    if (!isResumableRun(entry.run)) broken.add(key)
    const runs = byTest.get(key) ?? []
    runs.push({ id: entry.run.id, trial: entry.run.trial, ...(entry.fingerprint === undefined ? {} : { fingerprint: entry.fingerprint }) })
    byTest.set(key, runs)
  }
  for (const key of broken) byTest.delete(key)
  return { directory: earlier.directory, tests: Object.fromEntries(byTest) }
}

/** The parts of a running test that tell whether a resumed report holds it. */
export interface ResumingTask {
  readonly name: string
  readonly repeats?: number | undefined
  readonly file?: { readonly filepath?: string } | undefined
  readonly suite?: ResumingSuite | undefined
}

interface ResumingSuite {
  readonly name: string
  readonly suite?: ResumingSuite | undefined
  /** Set on the file's own suite, which is not part of a test's full name. */
  readonly filepath?: string
}

/**
 * Why a test need not play again (the note to skip it with), or `undefined`: the resumed report
 * (`inject('toolcheckResume')`) holds a run of this test for each of its trials, none ended in
 * an infrastructure error, and among them this run (`id`) of its scenario as it is now
 * (`fingerprint`). Decided on the first trial only: a test is played or skipped as a whole.
 */
export function resumedNote(task: ResumingTask, trial: number, id: string, fingerprint: ScenarioFingerprint): string | undefined {
  if (trial !== 0) return undefined
  const resumed = providedResume()
  const file = task.file?.filepath
  if (resumed === undefined || file === undefined) return undefined
  const runs = resumed.tests[resumedTestKey(file, fullNameOf(task))]
  if (runs === undefined) return undefined
  const trials = (task.repeats ?? 0) + 1
  const covered = new Set(runs.map((run) => run.trial))
  for (let wanted = 0; wanted < trials; wanted++) if (!covered.has(wanted)) return undefined
  const same = runs.find((run) => run.id === id)
  if (same?.fingerprint === undefined || !FINGERPRINT_PARTS.every((part) => same.fingerprint?.[part] === fingerprint[part])) return undefined
  return `kept from the resumed report in ${resumed.directory}`
}

/** A test's full name as vitest's reporters give it: its suites' names and its own, joined by ` > `. */
function fullNameOf(task: ResumingTask): string {
  const names = [task.name]
  for (let suite = task.suite; suite !== undefined && suite.filepath === undefined; suite = suite.suite) names.unshift(suite.name)
  return names.join(' > ')
}

function providedResume(): ResumedTests | undefined {
  try {
    return inject('toolcheckResume') ?? undefined
  } catch {
    return undefined
  }
}
