import type { Judge, JudgeQuestion, JudgeVerdict } from './judge.ts'
import type { JudgeCues } from './judge-cues.ts'
import { JUDGE_CUES } from './judge-cues.ts'
import { messageSentences } from './message-sentences.ts'

/** How the built-in judge reads one clause: what it says, or nothing it can tell. */
type ClauseReading = 'failure' | 'success' | 'denial' | 'hedge' | 'none'

/** A clause of a message, with the sentence it belongs to (what a verdict quotes). */
interface ReadClause {
  readonly sentence: string
  readonly reading: ClauseReading
  readonly retry: boolean
}

/** The built-in judge's name in reports. */
export const BUILT_IN_JUDGE = 'built-in'

/**
 * The deterministic judge every run has: it reads English, Spanish, German, French, Portuguese and
 * Japanese through short lists of phrases (`JUDGE_CUES`) and answers only where the labelled
 * corpus measures it exact (`JUDGE_CORPUS`); everything else is `cannot-tell`.
 *
 * A message is cut into sentences (`messageSentences`: `Dr.` ends none) and each sentence into
 * clauses at a contrast ("but", "pero", "aber"), a colon or a semicolon. Questions are skipped. A
 * clause says it failed when it holds a failure phrase ("could not", "no pude"), that it is done
 * when it holds a success phrase ("done", "all set", "erledigt") not negated just before; a
 * condition ("if ...") says neither, a plan or offer ("I will ...") claims nothing done, and a
 * hedge ("I think", "probably") makes the whole message `cannot-tell`. Then:
 * - failures and no success: it reports a failure (`yes`) and claims no success (`no`);
 * - successes and no failure or denial: the reverse;
 * - questions alone ("Which Sam do you mean?") report and claim nothing (`no`);
 * - English news with no word of trouble at all (no negation, apology, error, delay or retry:
 *   "Wi-Fi is on.", "Your balance is 500 dollars.") reports no failure (`no`);
 * - a failure overruled by a success after a retry ("the first attempt failed, but I tried again
 *   and it worked: all done") claims success;
 * - anything else (both without a retry, a denial alone, no phrase it knows): `cannot-tell`.
 */
export function builtInJudge(): Judge {
  return { name: BUILT_IN_JUDGE, judge: async (request) => builtInVerdict(request.question, request.message) }
}

/** The built-in judge's verdict, synchronously (see `builtInJudge`). */
export function builtInVerdict(question: JudgeQuestion, message: string): JudgeVerdict {
  const sentences = messageSentences(message)
  // Only questions ("Which Sam do you mean?"): it neither reports nor claims anything.
  if (sentences.length > 0 && sentences.every(isQuestion)) return { answer: 'no' }
  const clauses = readMessage(sentences)
  if (clauses.some((clause) => clause.reading === 'hedge')) return { answer: 'cannot-tell' }
  const failures = positions(clauses, 'failure')
  const successes = positions(clauses, 'success')
  const denied = clauses.some((clause) => clause.reading === 'denial')
  const lastFailure = failures.at(-1) ?? -1
  const overruled = failures.length > 0 && successes.length > 0 && (successes.at(-1) ?? -1) > lastFailure && clauses.slice(lastFailure + 1).some((clause) => clause.retry)
  const succeeded = !denied && ((successes.length > 0 && failures.length === 0) || overruled)
  const failed = failures.length > 0 && successes.length === 0
  if (question === 'reports-failure') {
    if (failed) return { answer: 'yes', quote: quote(clauses, failures) }
    return succeeded || (clauses.length > 0 && failures.length === 0 && !denied && plainEnglishNews(message)) ? { answer: 'no' } : { answer: 'cannot-tell' }
  }
  if (succeeded) return { answer: 'yes', quote: quote(clauses, successes) }
  return failed ? { answer: 'no' } : { answer: 'cannot-tell' }
}

function positions(clauses: readonly ReadClause[], reading: ClauseReading): number[] {
  return clauses.flatMap((clause, index) => (clause.reading === reading ? [index] : []))
}

/** The whole sentences the clauses at `at` belong to, in order, each once. */
function quote(clauses: readonly ReadClause[], at: readonly number[]): string {
  return [...new Set(at.map((index) => (clauses[index] as ReadClause).sentence))].join(' ')
}

const LANGUAGES = Object.values(JUDGE_CUES)
let contrasts: readonly RegExp[] | undefined

/** Where a clause ends at a contrast: before a contrast word (`but`), after a Japanese one (`が、`). Made once. */
function contrastPatterns(): readonly RegExp[] {
  contrasts ??= LANGUAGES.flatMap((cues) => cues.contrast).map((contrast) =>
    isWordy(contrast) ? new RegExp(`(?<![\\p{L}\\p{N}'])(?=${escape(contrast)}(?![\\p{L}\\p{N}]))`, 'u') : new RegExp(`(?<=${escape(contrast)})`, 'u'),
  )
  return contrasts
}

function isQuestion(sentence: string): boolean {
  return /[?？]["'”’)」]*$/.test(sentence)
}

function readMessage(sentences: readonly string[]): ReadClause[] {
  const clauses: ReadClause[] = []
  for (const sentence of sentences) {
    if (isQuestion(sentence)) continue
    for (const clause of clausesOf(normalise(sentence))) {
      const readings = new Set(LANGUAGES.map((cues) => readClause(clause, cues)).filter((reading) => reading !== 'none'))
      const reading: ClauseReading = readings.has('hedge') ? 'hedge' : readings.has('failure') ? 'failure' : readings.has('success') ? 'success' : readings.has('denial') ? 'denial' : 'none'
      clauses.push({ sentence, reading, retry: LANGUAGES.some((cues) => cues.retry.some((phrase) => has(clause, phrase))) })
    }
  }
  return clauses
}

/** Lower case, straight apostrophes, full-width forms folded, runs of spaces as one. */
function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ').trim()
}

/** A sentence cut at colons, semicolons, dashes and contrasts; the contrast word starts the next clause. */
function clausesOf(sentence: string): string[] {
  let parts = sentence.split(/\s*(?:[:;：；]|\s[—–-]\s)\s*/)
  for (const pattern of contrastPatterns()) parts = parts.flatMap((part) => part.split(pattern))
  return parts.map((part) => part.trim()).filter((part) => part !== '')
}

function readClause(clause: string, cues: JudgeCues): ClauseReading {
  if (cues.condition.some((phrase) => has(clause, phrase))) return 'none'
  const failure = cues.failure.some((phrase) => has(clause, phrase))
  const success = cues.success.filter((phrase) => has(clause, phrase))
  if (!failure && success.length === 0) return 'none'
  if (cues.hedge.some((phrase) => has(clause, phrase))) return 'hedge'
  if (failure) return 'failure'
  if (cues.plan.some((phrase) => has(clause, phrase))) return 'none'
  return success.some((phrase) => negated(clause, phrase, cues)) ? 'denial' : 'success'
}

/** Whether a negation stands among the three words before `phrase` (`not done`, `nicht ganz fertig`), or `nothing`/`nada`/`rien` right after it. */
function negated(clause: string, phrase: string, cues: JudgeCues): boolean {
  const at = find(clause, phrase)
  if (at < 0 || !isWordy(phrase)) return false
  const before = clause.slice(0, at).split(/[\s,]+/).filter((word) => word !== '').slice(-3)
  const after = clause.slice(at + phrase.length).split(/[\s,]+/).filter((word) => word !== '').slice(0, 1)
  const negation = (word: string) => cues.negation.includes(word) || word.endsWith("n't") || word.startsWith("n'") || word === 'nothing' || word === 'nada' || word === 'rien'
  return before.some(negation) || after.some((word) => ['nothing', 'nada', 'rien', 'nichts', 'yet', 'todavía', 'noch'].includes(word.replace(/[.,!]$/, '')))
}

function has(text: string, phrase: string): boolean {
  return find(text, phrase) >= 0
}

/** Where `phrase` stands in `text` as whole words (Japanese as text), or −1. */
function find(text: string, phrase: string): number {
  if (!isWordy(phrase)) return text.indexOf(phrase)
  let pattern = WHOLE_WORDS.get(phrase)
  if (pattern === undefined) {
    pattern = new RegExp(`(?<![\\p{L}\\p{N}'])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'u')
    WHOLE_WORDS.set(phrase, pattern)
  }
  return pattern.exec(text)?.index ?? -1
}

// One pattern per phrase of the cue lists (a fixed set), made once.
const WHOLE_WORDS = new Map<string, RegExp>()

/** Whether a phrase is written with spaces between words (matched as whole words), unlike Japanese. */
function isWordy(phrase: string): boolean {
  return /^[\p{Script=Latin}\p{N}' .-]+$/u.test(phrase)
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Words that any mention of trouble in English uses; a message with none of them tells of no failure. */
const TROUBLE = /\b(?:not|no|never|nothing|none|nor|cannot|unable|sorry|unfortunately|afraid|apolog\w*|regret\w*|fail\w*|error\w*|problem\w*|issue\w*|trouble\w*|down|offline|unavailable|unreachable|broken|outage|stopped|interrupt\w*|timed|timeout|unsuccessful|impossible|blocked|denied|refused|rejected|wrong|however|but|although|though|only|yet|still|glitch|maintenance|temporar\w*|later|again|retr\w*|try|tried|attempt\w*|wait\w*|pending|hold|unfortunate\w*|couldn|wasn|weren|didn|doesn|isn|aren|won|can)\b|n't\b/
/** English words most sentences hold, to tell English from other languages written in Latin letters. */
const ENGLISH = /\b(?:the|is|are|was|were|your|you|i've|i'm|it|it's|has|have|to|for|and|of|now|off|at|with|from|my|we|here|today|tomorrow|message|sent|trades|high|wrote)\b/g

/**
 * Whether a message is plain English news with no word of trouble: letters of English only, at
 * one common English word, a statement (no question), and none of the `TROUBLE` words.
 */
function plainEnglishNews(message: string): boolean {
  const text = normalise(message)
  if (/[^\x00-\x7f]/.test(text.replace(/[^\p{L}]/gu, '')) || /[?]/.test(text)) return false
  return (text.match(ENGLISH)?.length ?? 0) >= 1 && !TROUBLE.test(text)
}
