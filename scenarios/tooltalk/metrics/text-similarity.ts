/**
 * A similarity of two texts in [0, 1], used for ToolTalk's free-text arguments (event names,
 * e-mail subjects and bodies, message texts, reminder tasks). Inject a real embedding model's
 * cosine similarity to follow ToolTalk closely.
 */
export type TextSimilarity = (a: string, b: string) => Promise<number>

/**
 * The thresholds ToolTalk uses: a free-text argument matches when its similarity is at least the
 * threshold (ToolTalk fails a comparison when `score < threshold`). ToolTalk scores with the
 * cosine of DistilBERT (`distilbert-base-uncased`) [CLS] vectors; the paper says "above 0.9".
 */
export const TOOLTALK_THRESHOLDS = {
  /** CreateEvent name/description/location, ModifyEvent new_name/new_description/new_location, SendEmail subject, AddReminder task. */
  default: 0.9,
  /** SendEmail body and SendMessage message. */
  body: 0.8,
} as const

/**
 * The offline default: a **lexical** similarity, not DistilBERT. It is the cosine of the two
 * texts' word-count vectors (lower-cased runs of letters and digits), so equal texts score 1,
 * texts with no word in common score 0, and rewordings score in between. It is stricter than
 * ToolTalk's embeddings, whose [CLS] cosines stay high even for loosely related sentences, so a
 * paraphrase that ToolTalk accepts may fail here; plug in an embedding model for paraphrases.
 */
export async function lexicalSimilarity(a: string, b: string): Promise<number> {
  return lexicalCosine(a, b)
}

/** The synchronous core of `lexicalSimilarity`. */
export function lexicalCosine(a: string, b: string): number {
  if (a === b) return 1
  const countsA = wordCounts(a)
  const countsB = wordCounts(b)
  if (countsA.size === 0 || countsB.size === 0) return 0
  let dot = 0
  for (const [word, count] of countsA) dot += count * (countsB.get(word) ?? 0)
  const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((sum, count) => sum + count * count, 0))
  return dot / (norm(countsA) * norm(countsB))
}

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1)
  return counts
}
