import type { Trajectory } from '../conversation/index.ts'
import type { EvaluationResult } from '../evaluation/types.ts'
import type { Scenario } from '../scenario/index.ts'
import type { ScenarioRun } from './scenario-run.ts'

type Evaluate = (trajectory: Trajectory, scenario: Scenario) => Promise<EvaluationResult>

// Several matchers usually look at the same run; evaluating once per run keeps that cheap.
const cache = new WeakMap<object, Promise<EvaluationResult>>()

/** The run's evaluation against its own scenario: the one it carries, else computed once and cached. */
export function evaluateRun(run: ScenarioRun): Promise<EvaluationResult> {
  if (run.evaluation !== undefined) return Promise.resolve(run.evaluation)
  const cached = cache.get(run)
  if (cached !== undefined) return cached
  const pending = evaluateAgainst(run.trajectory, run.scenario)
  cache.set(run, pending)
  return pending
}

/** Evaluates a trajectory against a scenario (used with milestones or minefields given to a matcher). */
export async function evaluateAgainst(trajectory: Trajectory, scenario: Scenario): Promise<EvaluationResult> {
  const evaluation = (await import(EVALUATION_MODULE)) as { evaluate: Evaluate }
  return evaluation.evaluate(trajectory, scenario)
}

const EVALUATION_MODULE = '../evaluation/index.ts'
