import type { EvaluationResult } from '../evaluation/types.ts'
import type { Trajectory } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { RecordOptions } from '../runner/run-record.ts'
import { toRunRecord } from '../runner/run-record.ts'
import { buildTranscript, TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment } from '../runner/transcript.ts'
import { recordRun } from './run-metadata.ts'

/** The parts of a running vitest test that recording needs (a test's `task`, or a matcher's `this.task`). */
export interface RecordingTask {
  readonly meta: object
  readonly repeats?: number | undefined
  readonly result?: { readonly repeatCount?: number | undefined } | undefined
  readonly context?: { readonly annotate?: (message: string, type?: string, attachment?: ReturnType<typeof transcriptAttachment>) => Promise<unknown> } | undefined
}

// Which runs a task already attached a transcript for, so several matchers on one run attach one.
const annotated = new WeakMap<object, Set<string>>()

/**
 * The trial number of a run inside a test: the vitest repeat being played when the test repeats
 * (so trials line up with `attempts()`), else the trajectory's own trial.
 */
export function trialOf(task: RecordingTask | undefined, ownTrial: number): number {
  return task !== undefined && (task.repeats ?? 0) > 0 ? (task.result?.repeatCount ?? 0) : ownTrial
}

/**
 * Records a run in the test's toolcheck metadata and attaches its transcript as a JSON
 * annotation (once per run and trial), so the reporter can build the report and the HTML page.
 */
export async function recordScenarioRun(
  task: RecordingTask,
  scenario: Scenario,
  trajectory: Trajectory,
  evaluation: EvaluationResult,
  options: RecordOptions = {},
): Promise<void> {
  const trial = trialOf(task, trajectory.trial)
  recordRun(task, toRunRecord(scenario, trajectory, evaluation, trial, options))
  const annotate = task.context?.annotate
  if (annotate === undefined) return
  const key = `${scenario.id}\u0000${trajectory.augmentation}\u0000${trial}\u0000${trajectory.agent}`
  const done = annotated.get(task) ?? new Set<string>()
  annotated.set(task, done)
  if (done.has(key)) return
  done.add(key)
  await annotate(`transcript of ${scenario.id} (${trajectory.augmentation}, trial ${trial})`, TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment(buildTranscript(trajectory, trial, scenario)))
}
