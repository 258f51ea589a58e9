import type { Embedder } from '../evaluation/embedder.ts'
import type { FeatureExtractionClient } from '../evaluation/hugging-face-embedder.ts'
import { huggingFaceEmbedder } from '../evaluation/hugging-face-embedder.ts'
import type { OpenAIEmbeddingsClient } from '../evaluation/openai-embedder.ts'
import { openaiEmbedder } from '../evaluation/openai-embedder.ts'

/**
 * The embedder an `embedder` option names: `offline` (`undefined`: the evaluation's deterministic
 * lexical fallback), `openai:<model>` (with `OPENAI_API_KEY`, `OPENAI_BASE_URL`) or `hf:<model>`
 * (with `HF_TOKEN`, `HF_ENDPOINT_URL`). Throws for any other spec, listing the accepted forms.
 * The client library is imported at the first embedding, not here.
 */
export function embedderFromSpec(spec: string, env: Readonly<Record<string, string | undefined>>): Embedder | undefined {
  if (spec === 'offline') return undefined
  const separator = spec.indexOf(':')
  const kind = separator === -1 ? spec : spec.slice(0, separator)
  const model = separator === -1 ? '' : spec.slice(separator + 1)
  if (kind === 'openai' && model !== '') {
    let client: Promise<OpenAIEmbeddingsClient> | undefined
    const connect = () =>
      (client ??= import('openai').then(
        ({ default: OpenAI }) => new OpenAI({ apiKey: env.OPENAI_API_KEY ?? 'unset', ...(env.OPENAI_BASE_URL === undefined ? {} : { baseURL: env.OPENAI_BASE_URL }) }),
      ))
    return openaiEmbedder({ client: { embeddings: { create: async (request) => (await connect()).embeddings.create(request) } }, model })
  }
  if (kind === 'hf' && model !== '') {
    let client: Promise<FeatureExtractionClient> | undefined
    const connect = () =>
      (client ??= import('@huggingface/inference').then(
        ({ InferenceClient }) =>
          new InferenceClient(env.HF_TOKEN, env.HF_ENDPOINT_URL === undefined ? {} : { endpointUrl: env.HF_ENDPOINT_URL }) as unknown as FeatureExtractionClient,
      ))
    return huggingFaceEmbedder({ client: { featureExtraction: async (request) => (await connect()).featureExtraction(request) }, model })
  }
  throw new Error(`unknown embedder ${JSON.stringify(spec)}; use offline, openai:<model> or hf:<model>`)
}
