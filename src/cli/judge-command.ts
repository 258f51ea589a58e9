import { resolve } from 'node:path'
import { z } from 'zod'
import type { JudgeCalibration, JudgeScore } from '../evaluation/judge/calibrate-judge.ts'
import { calibrateJudge } from '../evaluation/judge/calibrate-judge.ts'
import { builtInJudge } from '../evaluation/judge/built-in-judge.ts'
import type { Judge } from '../evaluation/judge/judge.ts'
import { JUDGE_QUESTIONS, questionText } from '../evaluation/judge/judge.ts'
import type { LabelledMessage } from '../evaluation/judge/judge-corpus.ts'
import { JUDGE_CORPUS } from '../evaluation/judge/judge-corpus.ts'
import { loadJudge } from '../evaluation/judge/judge-from-spec.ts'
import { JudgeModuleError } from '../evaluation/judge/judge-module-error.ts'
import { RoleSpecError } from '../roles/role-spec.ts'
import { fs } from './builtin-modules.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The usage text of `toolcheck judge`. */
export const JUDGE_USAGE = `usage: toolcheck judge calibrate [--judge <spec>] [--examples <file.jsonl>] [--json]

Scores a judge of the text checks ("tells the user it could not be done", "claims the request
was done") on the labelled corpus toolcheck ships (209 messages in 8 languages), and on your own
labelled examples: precision (of the answers that decide, the share that is right), recall (of
all messages, the share answered rightly), the cannot-tell rate and the confusion table, overall
and per language. Runs never fail on cannot-tell; a judge that answers wrongly fails honest agents
or passes liars, so trust one whose precision is 1.0 on messages like your agent's.

options:
  --judge <spec>           built-in (default), openai:<model> or hf:<model> (asked where the
                           built-in judge cannot tell, as runs ask it), or a module whose default
                           export (or export judge) is a function (request) => 'yes' | 'no' |
                           'cannot-tell'
  --examples <file.jsonl>  your labelled messages, one JSON object a line:
                           {"message": "...", "language": "en", "reportsFailure": true,
                           "claimsSuccess": false} (language optional)
  --json                   the figures as JSON

exit codes: 0 scored; 1 the examples file or the judge module could not be read; 2 bad options.
`

const OPTIONS = { judge: { type: 'string' }, examples: { type: 'string' }, json: { type: 'boolean' } } as const

const exampleSchema = z.object({ message: z.string().min(1), language: z.string().min(1).optional(), reportsFailure: z.boolean(), claimsSuccess: z.boolean() }).strict()

/** `toolcheck judge calibrate`: a judge's figures on the shipped corpus and the user's examples. */
export async function runJudgeCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArguments(args, OPTIONS, true)
  const [action, ...rest] = positionals
  if (action !== 'calibrate') throw new UsageError(action === undefined ? 'say what to do: toolcheck judge calibrate' : `unknown action ${JSON.stringify(action)}; the action is calibrate`)
  if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}; calibrate takes only options`)
  const spec = values.judge ?? 'built-in'
  if (spec.trim() === '') throw new UsageError('--judge needs a value')
  let judge: Judge
  try {
    judge = (await loadJudge(spec, process.env, '--judge')) ?? builtInJudge()
  } catch (error) {
    if (error instanceof RoleSpecError) throw new UsageError(error.message)
    if (error instanceof JudgeModuleError) {
      io.stderr(`toolcheck judge: ${error.message}\n`)
      return EXIT_CODES.harness
    }
    throw error
  }
  let examples: LabelledMessage[] | undefined
  if (values.examples !== undefined) {
    const read = readExamples(resolve(values.examples))
    if (typeof read === 'string') {
      io.stderr(`toolcheck judge: ${read}\n`)
      return EXIT_CODES.harness
    }
    examples = read
  }
  const corpus = await calibrateJudge(judge, JUDGE_CORPUS)
  const own = examples === undefined ? undefined : await calibrateJudge(judge, examples)
  if (values.json === true) io.stdout(`${JSON.stringify({ judge: judge.name, corpus, ...(own === undefined ? {} : { examples: own }) }, null, 2)}\n`)
  else io.stdout([...calibrationText(`the labelled corpus (${JUDGE_CORPUS.length} messages)`, corpus), ...(own === undefined || examples === undefined ? [] : ['', ...calibrationText(`your examples (${examples.length} messages)`, own)])].join('\n') + '\n')
  return EXIT_CODES.ok
}

/** The examples of a JSONL file, or what is wrong with it (the file and line named). */
function readExamples(path: string): LabelledMessage[] | string {
  let text: string
  try {
    text = fs.readFileSync(path, 'utf8')
  } catch (error) {
    return `cannot read the examples file ${path}: ${(error as Error).message}`
  }
  const examples: LabelledMessage[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      return `${path}:${index + 1} is not JSON`
    }
    const parsed = exampleSchema.safeParse(value)
    if (!parsed.success) return `${path}:${index + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(line)'} ${issue.message}`).join('; ')} (a line is {"message": "...", "language": "en", "reportsFailure": true, "claimsSuccess": false})`
    examples.push({ language: parsed.data.language ?? '-', message: parsed.data.message, reportsFailure: parsed.data.reportsFailure, claimsSuccess: parsed.data.claimsSuccess })
  }
  if (examples.length === 0) return `the examples file ${path} holds no examples`
  return examples
}

/** A calibration as text: per question, the overall figures, the confusion table, then one line per language. */
export function calibrationText(title: string, calibration: JudgeCalibration): string[] {
  const lines = [`${calibration.judge} judge on ${title}`]
  for (const question of JUDGE_QUESTIONS) {
    const { overall, byLanguage } = calibration.questions[question]
    lines.push('', `${questionText(question)}: ${figures(overall)}`)
    lines.push(`  label \\ answer      yes      no  cannot-tell`)
    for (const label of ['yes', 'no'] as const) {
      const row = overall.confusion[label]
      lines.push(`  ${label.padEnd(14)}  ${String(row.yes).padStart(7)}  ${String(row.no).padStart(6)}  ${String(row['cannot-tell']).padStart(11)}`)
    }
    for (const [language, score] of Object.entries(byLanguage)) lines.push(`  ${language.padEnd(4)} ${figures(score)}`)
    for (const wrong of overall.wrong) lines.push(`  WRONG (${wrong.language}, labelled ${wrong.label}, answered ${wrong.answer}): ${JSON.stringify(wrong.message)}`)
  }
  return lines
}

function figures(score: JudgeScore): string {
  return `precision ${score.precision.toFixed(3)} (${score.correct}/${score.decided}), recall ${score.recall.toFixed(3)}, cannot tell ${score.cannotTellRate.toFixed(3)} of ${score.messages}`
}
