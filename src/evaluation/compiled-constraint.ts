import type { Constraint } from '../scenario/index.ts'
import type { Extractor } from './extractors.ts'
import { EvaluationScenarioError } from './evaluation-error.ts'
import { compileMessageConstraint } from './message-constraint.ts'
import type { ValueComparers } from './column-similarity.ts'
import type { ScoringMode } from './scoring-mode.ts'
import { compileTableConstraint } from './table-constraint.ts'
import { compileToolCallConstraint } from './tool-call-constraint.ts'
import type { TrajectoryIndex } from './trajectory-index.ts'
import type { ConstraintResult } from './types.ts'

/** What compiling a constraint needs to know besides the constraint. */
export interface ConstraintSetup {
  readonly index: TrajectoryIndex
  /** The semantic texts, the ROUGE tokens shared by every constraint, and the domain's similarities. */
  readonly comparers: ValueComparers
  readonly extractors: Readonly<Record<string, Extractor>>
  /** Milestones default tool-call constraints to `succeeded`, minefields to `requested`. */
  readonly role: 'milestone' | 'minefield'
  /** The constraint's milestone, by position, and how messages name it. */
  readonly owner: number
  readonly label: string
  /** How many milestones (or minefields) the list has. */
  readonly count: number
  /** The reference of table-change constraints that name none: the single predecessor, or the start. */
  readonly defaultReference: number | 'start'
  /** The message whose world is the `'start'` reference (the first user message). */
  readonly startIndex: number
  /** toolcheck's scoring or ToolSandbox's (see `ScoringMode`); toolcheck's when absent. */
  readonly scoring?: ScoringMode
}

/**
 * A constraint prepared for one trajectory. Its similarity at message `index` may depend on where
 * one other milestone (`dependency`: a reference or a fill source) was placed. Keys say when two
 * messages look the same to the constraint, which lets values be cached and equivalent messages
 * be merged before matching.
 */
export interface CompiledConstraint {
  readonly kind: string
  /** The milestone whose placement this constraint reads, if any. */
  readonly dependency: number | undefined
  /** The tables this constraint checks (they are not guarded by its milestone's guardrails). */
  readonly tables: readonly string[]
  /** Equal keys at two messages mean equal similarity for any dependency placement. */
  currentKey(index: number): number
  /** Equal keys at two messages mean the same thing when the dependency is placed there. */
  dependencyKey(index: number): number
  /** The similarity in [0, 1] at `index`, with the dependency placed at `dependencyIndex` (ignored without one). */
  similarity(index: number, dependencyIndex: number): number
  /** The similarity with a reason, for the final report. */
  explain(index: number, dependencyIndex: number): ConstraintResult
}

/** Compiles one constraint of a milestone. Throws `EvaluationScenarioError` for a malformed one. */
export function compileConstraint(constraint: Constraint, setup: ConstraintSetup): CompiledConstraint {
  switch (constraint.kind) {
    case 'table':
    case 'added':
    case 'removed':
    case 'updated':
      return compileTableConstraint(constraint, setup)
    case 'tool-call':
    case 'request':
      return compileToolCallConstraint(constraint, setup)
    case 'message':
      return compileMessageConstraint(constraint, setup)
  }
}

/** Checks that a milestone reference points at another milestone of the list. */
export function checkMilestoneReference(reference: number, setup: ConstraintSetup, what: string): void {
  if (reference >= setup.count || reference === setup.owner) {
    const available = setup.count <= 1 ? 'there are no other milestones' : `use one of 0..${setup.count - 1} other than ${setup.owner}`
    throw new EvaluationScenarioError(`${setup.label}: ${what} names ${setup.role} ${reference}, which is not another ${setup.role} of this scenario (${available})`)
  }
}

/**
 * Caches a constraint's similarity by (current key, dependency key): small integers, the
 * current key from 0 and the dependency key from −1. The matcher asks thousands of times per
 * evaluation, so the values sit in arrays indexed by the keys rather than in a map.
 */
export class KeyedCache {
  readonly #values: (number[] | undefined)[] = []

  get(currentKey: number, dependencyKey: number, compute: () => number): number {
    let row = this.#values[currentKey]
    if (row === undefined) {
      row = []
      this.#values[currentKey] = row
    }
    let value = row[dependencyKey + 1]
    if (value === undefined) {
      value = compute()
      row[dependencyKey + 1] = value
    }
    return value
  }
}
