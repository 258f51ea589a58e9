import type { AttackMinefield } from '../augmentation/index.ts'
import { attackOutcome, labelColumns } from '../augmentation/index.ts'
import type { Trajectory } from '../conversation/index.ts'
import { cappedText } from '../conversation/capped-text.ts'
import { culpritOf, isAgentResult } from '../conversation/index.ts'
import type { UserPartResult } from '../evaluation/check-user-part.ts'
import type { EvaluationResult, MilestoneMatch } from '../evaluation/types.ts'
import type { Milestone, Scenario } from '../scenario/index.ts'
import { milestoneName, milestoneTarget } from '../scenario/index.ts'
import type { MatchRecord, RunRecord, UserPartRecord } from './run-metadata.ts'
import { recordRun } from './run-metadata.ts'
import { robustnessOutcome, turnLimitSentence } from './robustness-outcome.ts'
import { scenarioFingerprint } from './scenario-fingerprint.ts'
import { scenarioAsWritten } from '../run/index.ts'
import { buildTranscript, TRANSCRIPT_ANNOTATION_TYPE, transcriptAttachment } from './transcript.ts'

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

/** What a record may say beyond the run itself. */
export interface RecordOptions {
  /**
   * The report columns of the augmentation the run was played under (`augmentationColumns`);
   * without them the run counts under its label alone.
   */
  readonly augmentationColumns?: readonly string[] | undefined
  /** The score the run needs to count as passed (see `RunRecord.threshold`). */
  readonly threshold?: number | undefined
  /** The minefields that detect the injections' goals (`prepareAugmentedRun`'s `attacks`), when the run had any. */
  readonly attacks?: readonly AttackMinefield[] | undefined
  /** How the simulated user played its part, when it was checked (`ScenarioRun.userPart`). */
  readonly userPart?: UserPartResult | undefined
  /** The trial the user's model calls were keyed by, when it was not the run's (see `RunRecord.userTrial`). */
  readonly userTrial?: number | undefined
}

/**
 * Turns an evaluated run into the record the reporter reads, under the agent and user that played
 * it (the trajectory's).
 */
export function toRunRecord(scenario: Scenario, played: Trajectory, evaluation: EvaluationResult, trial: number, options: RecordOptions = {}): RunRecord {
  const { augmentationColumns, threshold } = options
  const trajectory = withUpstreamDefect(scenario, played)
  const unscored = !isAgentResult(trajectory)
  // Attacks and false claims say something about the agent only in a run that is its own.
  const attacks = unscored || (options.attacks?.length ?? 0) === 0 ? undefined : (options.attacks ?? []).map((attack) => attackRecord(attack, trajectory, evaluation))
  const fellShort = !unscored && (trajectory.status === 'max-turns' || evaluation.score < (threshold ?? 1) - 1e-9)
  const decidedBy = fellShort ? [...(trajectory.status === 'max-turns' ? [turnLimitSentence(trajectory)] : []), ...robustnessOutcome(trajectory, evaluation, options.attacks ?? [], scenario.reference)] : []
  const claims = unscored ? undefined : evaluation.falseClaims?.map((claim) => ({ messageIndex: claim.messageIndex, milestone: claim.name, sentence: claim.sentence, ...(claim.fact === undefined ? {} : { fact: claim.fact }) }))
  const unchecked = unscored || evaluation.unchecked === undefined ? undefined : evaluation.unchecked.map((entry) => ({ messageIndex: entry.messageIndex, check: entry.check }))
  return {
    scenario: scenario.id,
    categories: [...scenario.categories],
    augmentation: trajectory.augmentation,
    augmentationColumns: augmentationColumns === undefined ? labelColumns(trajectory.augmentation) : [...augmentationColumns],
    trial,
    domain: trajectory.domain,
    agent: trajectory.agent,
    user: trajectory.user,
    status: trajectory.status,
    // Every error text is cut to a few KB however it arrived (a server's body, a tool's message).
    ...(trajectory.error === undefined ? {} : { error: { ...trajectory.error, message: cappedText(trajectory.error.message), ...(trajectory.error.stack === undefined ? {} : { stack: cappedText(trajectory.error.stack) }) } }),
    // A run the agent's own code ended scores 0, whatever evaluation it came with.
    score: unscored ? null : culpritOf(trajectory) === 'agent' ? 0 : evaluation.score,
    ...(threshold === undefined ? {} : { threshold }),
    milestoneScore: unscored ? null : evaluation.milestoneScore,
    minefieldHit: unscored ? null : evaluation.minefieldHit,
    turns: trajectory.turns,
    usage: { ...trajectory.usage },
    milestones: evaluation.milestones.map((match) => toMatchRecord(match, scenario.milestones[match.index])),
    minefields: evaluation.minefields.map((match) => toMatchRecord(match, scenario.minefields[match.index])),
    ...(attacks === undefined ? {} : { attacks }),
    ...(decidedBy.length === 0 ? {} : { decidedBy }),
    ...(claims === undefined ? {} : { falseClaims: claims }),
    ...(unchecked === undefined ? {} : { unchecked }),
    ...(options.userPart === undefined ? {} : { userPart: userPartRecord(options.userPart) }),
    ...(options.userTrial === undefined || options.userTrial === trial ? {} : { userTrial: options.userTrial }),
    // A contract's runs count as runs of the scenario as written: the augmentation is their column.
    fingerprint: scenarioFingerprint(scenarioAsWritten(scenario)),
  }
}

/**
 * A run of a scenario that is defective where it comes from (an `upstream-defect` caveat: no agent
 * can reach its milestones) is no result of the agent's: it is recorded as an error of the
 * scenario's side (culprit `domain`, kind `upstream-defect`), counted apart and not scored, with
 * the defect as its message. A run that ended in an error already keeps it.
 */
function withUpstreamDefect(scenario: Scenario, trajectory: Trajectory): Trajectory {
  const defect = scenario.caveats?.find((caveat) => caveat.kind === 'upstream-defect')
  if (defect === undefined || trajectory.status === 'error') return trajectory
  return { ...trajectory, status: 'error', error: { culprit: 'domain', kind: 'upstream-defect', message: `the scenario is defective where it comes from, so no agent can pass it: ${defect.reason}` } }
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

// Every record has a name (the author's, else one made from its checks) and, from its definition,
// the target it expects, so a report can say what a missed milestone wanted.
function toMatchRecord(match: MilestoneMatch, definition: Milestone | undefined): MatchRecord {
  const name = definition === undefined ? match.name : milestoneName({ ...definition, name: match.name ?? definition.name })
  return {
    index: match.index,
    ...(name === undefined ? {} : { name }),
    ...(definition === undefined ? {} : { target: milestoneTarget(definition) }),
    messageIndex: match.messageIndex,
    similarity: match.similarity,
    reason: match.reason,
    ...(match.bestCandidate === undefined ? {} : { bestCandidate: { ...match.bestCandidate } }),
  }
}

/**
 * An attack as the report keeps it: attempted when its minefield fired (the agent took a step of
 * the goal) or its effect happened, succeeded when a call with all of it got through, and the
 * first step that happened.
 */
function attackRecord(attack: AttackMinefield, trajectory: Trajectory, evaluation: EvaluationResult): NonNullable<RunRecord['attacks']>[number] {
  const outcome = attackOutcome(trajectory, attack.target)
  const fired = evaluation.minefields[attack.minefield]
  const attempted = outcome.attempted || (fired?.similarity ?? 0) > 0
  const step = outcome.step ?? (fired !== undefined && fired.similarity > 0 ? `the call asked for at message ${fired.messageIndex}` : undefined)
  return { category: attack.category, goal: attack.goal, attempted, succeeded: outcome.succeeded, ...(attempted && step !== undefined ? { step } : {}) }
}

/** The user checks as the report keeps them: what blamed the user, and what could not be told. */
export function userPartRecord(result: UserPartResult): UserPartRecord {
  return {
    errors: result.errors.map((error) => ({ kind: error.kind, by: error.by, ...(error.turn === undefined ? {} : { turn: error.turn }), reason: error.reason })),
    undecided: result.findings.filter((finding) => finding.answer === 'cannot-tell').map((finding) => finding.kind),
  }
}
