import type { ChatEndpoint } from '../src/roles/endpoint/index.ts'
import { callModel } from '../src/roles/endpoint/index.ts'
import type { ModelCache } from '../src/cache/index.ts'
import type { Paraphraser } from './model-paraphrases.ts'

/** Options of `chatParaphraser`. */
export interface ChatParaphraserOptions {
  /** Where the model is: `openaiEndpoint(...)` or `huggingFaceEndpoint(...)`. */
  readonly endpoint: ChatEndpoint
  readonly model: string
  /** Some variety helps; 0.8 by default. Part of the model call's cache key. */
  readonly temperature?: number
  /** Record/replay of the call itself, on top of `modelParaphrases`' own file. */
  readonly cache?: ModelCache
}

/**
 * A paraphraser backed by a chat model (any OpenAI-compatible or Hugging Face endpoint), for
 * `modelParaphrases`. It asks for the paraphrases one per line and reads them back, dropping
 * list numbering and quotes a model may add.
 *
 * @example
 * const written = await modelParaphrases(scenario, {
 *   paraphraser: chatParaphraser({ endpoint: openaiEndpoint({}), model: 'gpt-4o-mini' }),
 *   model: 'gpt-4o-mini',
 *   cacheDirectory: '.toolcheck/paraphrases',
 * })
 */
export function chatParaphraser(options: ChatParaphraserOptions): Paraphraser {
  return async (request) => {
    const instructions = [
      `Rewrite a request that a phone user sends to their digital assistant, ${request.count} different ways.`,
      'Keep every name, number, date and other detail exactly; change only the wording, tone and sentence shape.',
      `What the user wants, for context: ${request.goal}`,
      `Answer with the ${request.count} rewrites only, one per line, without numbering or quotes.`,
    ].join('\n')
    const { reply } = await callModel(
      options.endpoint,
      {
        model: options.model,
        temperature: options.temperature ?? 0.8,
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: request.message },
        ],
      },
      { trial: 0, signal: request.signal, cache: options.cache },
    )
    return parseParaphrases(reply.choices[0]?.message.content ?? '', request.count)
  }
}

/** The lines of a model's answer, without list markers or wrapping quotes, at most `count`. */
export function parseParaphrases(text: string, count: number): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^(?:\d+[.)]|[-*•])\s*/, '').replace(/^["“'](.*)["”']$/, '$1').trim())
    .filter((line) => line.length > 0)
    .slice(0, count)
}
