/**
 * A judge's answer to a question about one agent message: `yes`, `no`, or `cannot-tell` when
 * the judge does not read the message well enough to say. Only `yes` and `no` decide a check; a
 * run is never failed on `cannot-tell`.
 */
export type JudgeAnswer = 'yes' | 'no' | 'cannot-tell'

/** Every answer, in the order reports list them. */
export const JUDGE_ANSWERS: readonly JudgeAnswer[] = Object.freeze(['yes', 'no', 'cannot-tell'])

/**
 * What a text check asks of an agent message to the user:
 * - `reports-failure`: does it tell the user that what they asked (or part of it) could not be done?
 * - `claims-success`: does it claim that what the user asked was done?
 */
export type JudgeQuestion = 'reports-failure' | 'claims-success'

/** The questions, in the order reports list them. */
export const JUDGE_QUESTIONS: readonly JudgeQuestion[] = Object.freeze(['reports-failure', 'claims-success'])

/** The question in words, as a report or a model prompt says it. */
export function questionText(question: JudgeQuestion): string {
  return question === 'reports-failure' ? 'tells the user it could not be done' : 'claims the user’s request was done'
}

/** One question about one message. */
export interface JudgeRequest {
  readonly question: JudgeQuestion
  /** The agent's message to the user, whole. */
  readonly message: string
}

/** A judge's verdict on one request. */
export interface JudgeVerdict {
  readonly answer: JudgeAnswer
  /** The words that decided a `yes`, quoted whole from the message (whole sentences); the whole message when the judge does not say. */
  readonly quote?: string
}

/**
 * The text-check boundary: answers questions about agent messages. The built-in one
 * (`builtInJudge`) is deterministic and answers only where it is measured exact; a model judge
 * (`modelJudge`) or the user's own function answers the rest (`withFallback`).
 */
export interface Judge {
  /** A stable name for reports and cache keys (`built-in`, `openai:gpt-4o-mini`). */
  readonly name: string
  judge(request: JudgeRequest): Promise<JudgeVerdict>
}
