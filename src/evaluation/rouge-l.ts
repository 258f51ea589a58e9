import { porterStem } from './porter-stemmer.ts'

/** Precision, recall and F-measure of one ROUGE comparison. */
export interface RougeScore {
  readonly precision: number
  readonly recall: number
  readonly fmeasure: number
}

/**
 * The tokens ROUGE compares, as the Python `rouge-score` package makes them with stemming on:
 * lower-case, every character outside `a-z` and `0-9` becomes a space, split on white space,
 * and tokens longer than three characters are Porter-stemmed (NLTK's variant). Accented letters
 * are separators too, so "café" gives "caf".
 */
export function rougeTokens(text: string): string[] {
  return tokenise(text, porterStem)
}

function tokenise(text: string, stem: (word: string) => string): string[] {
  const tokens: string[] = []
  for (const token of text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').split(' ')) {
    if (token.length === 0) continue
    tokens.push(token.length > 3 ? stem(token) : token)
  }
  return tokens
}

/** The length of the longest common subsequence of two token lists (O(n·m) time, O(m) memory). */
export function longestCommonSubsequence(first: readonly string[], second: readonly string[]): number {
  const row = new Int32Array(second.length + 1)
  for (const token of first) {
    let diagonal = 0
    for (let column = 1; column <= second.length; column++) {
      const above = row[column] as number
      row[column] = token === second[column - 1] ? diagonal + 1 : Math.max(above, row[column - 1] as number)
      diagonal = above
    }
  }
  return row[second.length] as number
}

/**
 * ROUGE-L of `prediction` against `target`: the longest common subsequence of their tokens,
 * over the prediction's length (precision) and the target's length (recall), combined as
 * F = 2PR / (P + R). Either text without tokens gives 0 everywhere. Agrees with
 * `rouge_score.rouge_scorer.RougeScorer(['rougeL'], use_stemmer=True).score(target, prediction)`.
 */
export function rougeL(target: string, prediction: string): RougeScore {
  return rougeLOfTokens(rougeTokens(target), rougeTokens(prediction))
}

/** ROUGE-L of already tokenised texts (`rougeTokens`); `rougeL` is this after tokenising. */
export function rougeLOfTokens(targetTokens: readonly string[], predictionTokens: readonly string[]): RougeScore {
  if (targetTokens.length === 0 || predictionTokens.length === 0) return { precision: 0, recall: 0, fmeasure: 0 }
  const common = longestCommonSubsequence(targetTokens, predictionTokens)
  const precision = common / predictionTokens.length
  const recall = common / targetTokens.length
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
  return { precision, recall, fmeasure }
}

/**
 * `rougeTokens` remembered for one evaluation. The same texts (a target, a message's content)
 * are compared with many messages and milestones, and the same words recur across texts, so
 * each text is tokenised once and each word stemmed once; stemming dominated the cost otherwise.
 */
export class RougeTokenizer {
  readonly #tokens = new Map<string, readonly string[]>()
  readonly #stems = new Map<string, string>()

  /** The same tokens as `rougeTokens(text)`. */
  tokens(text: string): readonly string[] {
    let tokens = this.#tokens.get(text)
    if (tokens === undefined) {
      tokens = tokenise(text, (word) => this.#stem(word))
      this.#tokens.set(text, tokens)
    }
    return tokens
  }

  /** The same score as `rougeL(target, prediction)`. */
  rougeL(target: string, prediction: string): RougeScore {
    return rougeLOfTokens(this.tokens(target), this.tokens(prediction))
  }

  #stem(word: string): string {
    let stem = this.#stems.get(word)
    if (stem === undefined) {
      stem = porterStem(word)
      this.#stems.set(word, stem)
    }
    return stem
  }
}
