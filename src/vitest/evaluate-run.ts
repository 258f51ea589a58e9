import { inject } from 'vitest'
import type { Trajectory } from '../conversation/index.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { Embedder } from '../evaluation/embedder.ts'
import type { EvaluatedScenario, ScoringMode } from '../evaluation/index.ts'
import { evaluate } from '../evaluation/index.ts'
import type { EvaluationResult } from '../evaluation/types.ts'
import { domainOf } from '../run/index.ts'
import type { Scenario } from '../scenario/index.ts'
import { attachedDomain, builtInDomain } from '../scenario/index.ts'
import type { Judge } from '../evaluation/judge/judge.ts'
import { loadJudge } from '../evaluation/judge/judge-from-spec.ts'
import { embedderFromSpec } from './embedder-from-spec.ts'
import type { ScenarioRun } from './scenario-run.ts'
import './vitest-augmentation.ts'

// Several matchers usually look at the same run; evaluating once per run keeps that cheap.
const cache = new WeakMap<object, Promise<EvaluationResult>>()
let configured: { spec: string; embedder: Embedder | undefined } | undefined
let configuredJudgeSpec: { spec: string; judge: Promise<Judge | undefined> } | undefined

/** The run's evaluation against its own scenario: the one it carries, else computed once and cached. */
export function evaluateRun(run: ScenarioRun): Promise<EvaluationResult> {
  if (run.evaluation !== undefined) return Promise.resolve(run.evaluation)
  const cached = cache.get(run)
  if (cached !== undefined) return cached
  const pending = evaluateAgainst(run.trajectory, run.scenario)
  cache.set(run, pending)
  return pending
}

/**
 * Evaluates a trajectory against a scenario's milestones and minefields, with the embedder the
 * plugin's `embedder` option names (the offline one outside a configured vitest run), its
 * `scoring` mode (toolcheck's outside a configured run), and the
 * extractors and similarities of the domain the run played in (`domain`, else the one
 * `runScenario` recorded for the trajectory, else the scenario's own).
 */
export async function evaluateAgainst(trajectory: Trajectory, scenario: EvaluatedScenario, domain?: AnyDomain): Promise<EvaluationResult> {
  const embedder = configuredEmbedder()
  const judge = await configuredJudge()
  const played = domain ?? domainOf(trajectory) ?? (await scenarioDomain(scenario))
  return evaluate(trajectory, scenario, {
    scoring: configuredScoring(),
    ...(embedder === undefined ? {} : { embedder }),
    ...(judge === undefined ? {} : { judge }),
    ...(played === undefined ? {} : { extractors: played.extractors, similarities: played.similarities }),
  })
}

/** How the plugin says runs are scored: its `scoring` mode, the embedder its `embedder` option names and the judge its `judge` option names (toolcheck's, the offline fallback and the built-in judge outside a configured run). */
export async function evaluationSettings(): Promise<{ readonly scoring: ScoringMode; readonly embedder?: Embedder; readonly judge?: Judge }> {
  const embedder = configuredEmbedder()
  const judge = await configuredJudge()
  return { scoring: configuredScoring(), ...(embedder === undefined ? {} : { embedder }), ...(judge === undefined ? {} : { judge }) }
}

async function scenarioDomain(scenario: EvaluatedScenario): Promise<AnyDomain | undefined> {
  if (!('domain' in scenario) || typeof scenario.domain !== 'string') return undefined
  return attachedDomain(scenario as Scenario) ?? (await builtInDomain(scenario.domain))
}

/**
 * The plugin's `scoring` mode inside a configured vitest run, toolcheck's elsewhere. It decides
 * how runs are scored and, for `toolsandbox`, which order of parallel calls a run keeps.
 */
export function configuredScoring(): ScoringMode {
  try {
    return inject('toolcheck')?.scoring ?? 'toolcheck'
  } catch {
    // Not inside a vitest worker: nothing was provided.
    return 'toolcheck'
  }
}

function configuredEmbedder(): Embedder | undefined {
  let spec = 'offline'
  try {
    spec = inject('toolcheck')?.embedder ?? 'offline'
  } catch {
    // Not inside a vitest worker: nothing was provided.
  }
  if (configured?.spec !== spec) configured = { spec, embedder: embedderFromSpec(spec, process.env) }
  return configured.embedder
}

/** The judge the plugin's `judge` option names inside a configured vitest run (a module is loaded once); the built-in judge alone (`undefined`) elsewhere. */
function configuredJudge(): Promise<Judge | undefined> {
  let spec = 'built-in'
  try {
    spec = inject('toolcheck')?.judge ?? 'built-in'
  } catch {
    // Not inside a vitest worker: nothing was provided.
  }
  if (configuredJudgeSpec?.spec !== spec) configuredJudgeSpec = { spec, judge: loadJudge(spec, process.env) }
  return configuredJudgeSpec.judge
}
