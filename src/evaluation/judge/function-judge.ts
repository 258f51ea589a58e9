import type { Judge, JudgeAnswer, JudgeRequest, JudgeVerdict } from './judge.ts'
import { JUDGE_ANSWERS } from './judge.ts'

/** The user's own judge: a function of the question and the message, giving an answer or a verdict. */
export type JudgeFunction = (request: JudgeRequest) => JudgeAnswer | JudgeVerdict | Promise<JudgeAnswer | JudgeVerdict>

/**
 * A judge from the user's function. Its answer must be `yes`, `no` or `cannot-tell` (or a verdict
 * holding one); anything else throws a `TypeError` naming what it returned, since a judge that
 * answers nothing usable would otherwise pass every run unchecked.
 */
export function functionJudge(judge: JudgeFunction, name = 'function'): Judge {
  return {
    name,
    async judge(request) {
      const given = await judge(request)
      const verdict: JudgeVerdict = typeof given === 'string' ? { answer: given } : given
      if (typeof verdict !== 'object' || verdict === null || !JUDGE_ANSWERS.includes(verdict.answer))
        throw new TypeError(`the judge function ${name} returned ${JSON.stringify(given)} for ${request.question}; it must return 'yes', 'no', 'cannot-tell' or { answer } with one of them`)
      return verdict
    },
  }
}

/**
 * A judge that asks `first` and, where it cannot tell, `then`: the built-in judge first (exact
 * where it answers, and free), a model or the user's function for the rest.
 */
export function withFallback(first: Judge, then: Judge): Judge {
  return {
    name: `${first.name}, then ${then.name}`,
    async judge(request) {
      const verdict = await first.judge(request)
      return verdict.answer === 'cannot-tell' ? then.judge(request) : verdict
    },
  }
}
