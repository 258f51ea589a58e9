import type { Judge, JudgeAnswer, JudgeQuestion } from './judge.ts'
import { JUDGE_QUESTIONS } from './judge.ts'
import type { LabelledMessage } from './judge-corpus.ts'

/** How a judge's answers fall against the labels: `table[label][answer]`, counts. */
export type ConfusionTable = Readonly<Record<'yes' | 'no', Readonly<Record<JudgeAnswer, number>>>>

/** A judge's figures on one question over a set of labelled messages. */
export interface JudgeScore {
  readonly messages: number
  /** Answers that decided (`yes` or `no`). */
  readonly decided: number
  /** Decided answers that match the label. */
  readonly correct: number
  /** `correct / decided`: 1 when every decided answer is right (1 too when nothing was decided). */
  readonly precision: number
  /** `correct / messages`: the share of messages the judge answered rightly. */
  readonly recall: number
  /** `cannot-tell` answers over messages. */
  readonly cannotTellRate: number
  readonly confusion: ConfusionTable
  /** The messages answered wrongly, for a calibration report to show. */
  readonly wrong: readonly { readonly message: string; readonly language: string; readonly label: 'yes' | 'no'; readonly answer: JudgeAnswer }[]
}

/** A judge's calibration: per question, over all messages and per language. */
export interface JudgeCalibration {
  readonly judge: string
  readonly questions: Readonly<Record<JudgeQuestion, { readonly overall: JudgeScore; readonly byLanguage: Readonly<Record<string, JudgeScore>> }>>
}

/**
 * Scores a judge on labelled messages: each message is asked both questions, and each answer is
 * compared with the label. Precision counts only the answers that decide; `cannot-tell` lowers
 * recall, never precision.
 */
export async function calibrateJudge(judge: Judge, examples: readonly LabelledMessage[]): Promise<JudgeCalibration> {
  const questions = {} as Record<JudgeQuestion, { overall: JudgeScore; byLanguage: Record<string, JudgeScore> }>
  for (const question of JUDGE_QUESTIONS) {
    const answered: { example: LabelledMessage; label: 'yes' | 'no'; answer: JudgeAnswer }[] = []
    for (const example of examples) {
      const verdict = await judge.judge({ question, message: example.message })
      const label = (question === 'reports-failure' ? example.reportsFailure : example.claimsSuccess) ? 'yes' : 'no'
      answered.push({ example, label, answer: verdict.answer })
    }
    const languages = [...new Set(examples.map((example) => example.language))].sort()
    questions[question] = {
      overall: scoreOf(answered),
      byLanguage: Object.fromEntries(languages.map((language) => [language, scoreOf(answered.filter((entry) => entry.example.language === language))])),
    }
  }
  return { judge: judge.name, questions }
}

function scoreOf(answered: readonly { example: LabelledMessage; label: 'yes' | 'no'; answer: JudgeAnswer }[]): JudgeScore {
  const confusion = { yes: { yes: 0, no: 0, 'cannot-tell': 0 }, no: { yes: 0, no: 0, 'cannot-tell': 0 } }
  for (const entry of answered) confusion[entry.label][entry.answer] += 1
  const decided = answered.filter((entry) => entry.answer !== 'cannot-tell')
  const correct = decided.filter((entry) => entry.answer === entry.label).length
  return {
    messages: answered.length,
    decided: decided.length,
    correct,
    precision: decided.length === 0 ? 1 : correct / decided.length,
    recall: answered.length === 0 ? 0 : correct / answered.length,
    cannotTellRate: answered.length === 0 ? 0 : (answered.length - decided.length) / answered.length,
    confusion,
    wrong: decided.filter((entry) => entry.answer !== entry.label).map((entry) => ({ message: entry.example.message, language: entry.example.language, label: entry.label, answer: entry.answer })),
  }
}
