import type { JudgeAnswer } from './judge/judge.ts'

/**
 * The answer of a check that no judge was asked (none was given): it says nothing. Answers are
 * the text checks' (`JudgeAnswer`): only `yes` and `no` decide, `cannot-tell` never blames anyone.
 */
export const CANNOT_TELL: JudgeAnswer = 'cannot-tell'

/** The ways a simulated user can break its part (see `checkUserPart`). */
export type UserErrorKind = 'leak' | 'quit' | 'off-goal' | 'role-swap'

/** Every kind, in the order reports list them. */
export const USER_ERROR_KINDS: readonly UserErrorKind[] = ['leak', 'quit', 'off-goal', 'role-swap']

/**
 * A question about the simulated user's part that the scenario's data cannot decide: asked of a
 * judge with the conversation as the user saw it. `yes` always means the user broke its part.
 */
export interface UserPartQuestion {
  readonly kind: UserErrorKind
  /** The question, answered yes when the user broke its part. */
  readonly question: string
  /** The user's goal and what it knows, as the scenario states them. */
  readonly goal: string
  readonly knowledge: string
  /** The conversation between the user and the agent, one line per message (`user: ...`, `agent: ...`). */
  readonly conversation: string
}

/**
 * Answers the questions of the user checks that no rule decides (a fact given in other words, a
 * goal left, the agent's voice). Any text judge fits behind it, a model or a person; it should
 * answer `cannot-tell` rather than guess, and may cache its answers. Without one, those checks
 * answer `cannot-tell`.
 */
export interface UserPartJudge {
  /** A stable name for reports (`openai:gpt-4o-mini`). */
  readonly name: string
  judge(question: UserPartQuestion, options?: { readonly signal?: AbortSignal }): Promise<JudgeAnswer>
}
