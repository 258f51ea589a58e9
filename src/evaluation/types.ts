import type { RunStatus } from '../conversation/index.ts'
import type { FalseClaim } from './false-claims.ts'
import type { JudgeQuestion } from './judge/judge.ts'

/** An agent message a text check needed and the judge answered `cannot-tell` about: not checked, never failed. */
export interface UncheckedMessage {
  readonly messageIndex: number
  /** The check it was needed for: `reports-failure` (the agent told the user it could not be done) or `claims-success` (a claim of success that could be false). */
  readonly check: JudgeQuestion
}

/** How one constraint of a milestone fared at the matched message. */
export interface ConstraintResult {
  /** The constraint kind (`table`, `added`, `tool-call`, `message`, `guardrail`, ...). */
  readonly kind: string
  readonly similarity: number
  /** Why, in words: what was compared and what differed. */
  readonly reason: string
}

/**
 * The message that came closest to a milestone the run did not reach: its similarity there and
 * why it falls short (see `bestCandidate`).
 */
export interface BestCandidate {
  readonly messageIndex: number
  readonly similarity: number
  readonly reason: string
}

/** Where one milestone (or minefield) was matched and how well. */
export interface MilestoneMatch {
  /** Position in the scenario's list. */
  readonly index: number
  readonly name?: string
  /** The message whose snapshot the milestone was matched to. */
  readonly messageIndex: number
  /** The milestone's similarity there, in [0, 1]. */
  readonly similarity: number
  /** A one-line summary of why (the weakest constraint's reason when below 1). */
  readonly reason: string
  readonly constraints: readonly ConstraintResult[]
  /**
   * Milestones only, when the similarity is below 1: the message that came closest on its own,
   * which is what a report should point at (the mapped `messageIndex` of a milestone nothing
   * resembles is just the earliest place the order allows). Absent when no message comes close:
   * nothing scored above 0 and nothing touched what the milestone checks.
   */
  readonly bestCandidate?: BestCandidate
}

/**
 * The outcome of evaluating one trajectory: data, never a verdict. Matchers and reporters decide
 * what passes.
 */
export interface EvaluationResult {
  /**
   * `milestoneScore` when no minefield fired, no false claim was made and the agent's own code
   * did not end the run, else 0.
   */
  readonly score: number
  /** Mean milestone similarity over the best mapping (1 when there are no milestones). */
  readonly milestoneScore: number
  /** Mean minefield similarity over the worst-case mapping (0 when there are no minefields). */
  readonly minefieldScore: number
  /** Whether any minefield fired (its similarity above 0). */
  readonly minefieldHit: boolean
  readonly milestones: readonly MilestoneMatch[]
  readonly minefields: readonly MilestoneMatch[]
  /** Turns as ToolSandbox counts them. */
  readonly turns: number
  readonly status: RunStatus
  /**
   * The agent's claims of effects the world does not show, when the scenario has the check on
   * (`falseClaims`); absent when it is off. Any makes the score 0.
   */
  readonly falseClaims?: readonly FalseClaim[]
  /**
   * The messages a text check needed and the judge could not read (`cannot-tell`); absent when
   * there are none. They never fail a run; a report counts them apart, and a model judge can read them.
   */
  readonly unchecked?: readonly UncheckedMessage[]
  /** The judge that answered the text checks, when some message went unchecked. */
  readonly judge?: string
}

/** The reason of a milestone whose constraints all hold at a message. */
export function allHoldReason(count: number, messageIndex: number): string {
  return count === 1 ? `its constraint holds at message ${messageIndex}` : `all ${count} constraints hold at message ${messageIndex}`
}
