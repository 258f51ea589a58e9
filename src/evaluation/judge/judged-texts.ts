import { builtInVerdict } from './built-in-judge.ts'
import type { Judge, JudgeQuestion, JudgeVerdict } from './judge.ts'

/**
 * A judge's verdicts on the texts an evaluation asks about, so that the matcher can read them
 * synchronously. Without a judge of its own it answers with the built-in judge at once; with one,
 * a lookup of a text not yet judged answers `cannot-tell` and remembers it, and `evaluate` then
 * asks the judge about every remembered text and evaluates again (as `SemanticTexts` does for
 * embeddings).
 */
export class JudgedTexts {
  readonly #judge: Judge | undefined
  readonly #verdicts = new Map<string, JudgeVerdict>()
  readonly #missing = new Map<string, { readonly question: JudgeQuestion; readonly message: string }>()

  constructor(judge?: Judge) {
    this.#judge = judge
  }

  /** The judge's name in reports: the built-in judge's unless another was given. */
  get name(): string {
    return this.#judge?.name ?? 'built-in'
  }

  /** The verdict on `message`; `cannot-tell` (and remembered) while a judge of its own has not answered yet. */
  verdict(question: JudgeQuestion, message: string): JudgeVerdict {
    const key = `${question}\u0000${message}`
    const known = this.#verdicts.get(key)
    if (known !== undefined) return known
    if (this.#judge === undefined) {
      // The matcher asks about the same messages again and again; the built-in verdict is kept.
      const verdict = builtInVerdict(question, message)
      this.#verdicts.set(key, verdict)
      return verdict
    }
    this.#missing.set(key, { question, message })
    return { answer: 'cannot-tell' }
  }

  /** Requests looked up without a verdict since the last `load`. */
  get missing(): number {
    return this.#missing.size
  }

  /** Asks the judge about every missing request, one at a time (its own limits pace a model). */
  async load(): Promise<void> {
    const pending = [...this.#missing]
    this.#missing.clear()
    if (this.#judge === undefined) return
    for (const [key, request] of pending) this.#verdicts.set(key, await this.#judge.judge(request))
  }
}
