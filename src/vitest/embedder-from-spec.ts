import type { Embedder } from '../evaluation/embedder.ts'
import type { FeatureExtractionClient } from '../evaluation/hugging-face-embedder.ts'
import { huggingFaceEmbedder } from '../evaluation/hugging-face-embedder.ts'
import type { OpenAIEmbeddingsClient } from '../evaluation/openai-embedder.ts'
import { openaiEmbedder } from '../evaluation/openai-embedder.ts'
import { parseRoleSpec } from '../roles/role-spec.ts'

type Env = Readonly<Record<string, string | undefined>>

/**
 * The embedder an `embedder` option names: `offline` (`undefined`: the evaluation's deterministic
 * lexical fallback), `openai:<model>` (with `OPENAI_API_KEY`, `OPENAI_BASE_URL`) or `hf:<model>`
 * (with `HF_TOKEN`, `HF_ENDPOINT_URL`). Throws `RoleSpecError` for any other spec, listing the
 * accepted forms. The client library is imported at the first embedding, not here.
 */
export function embedderFromSpec(spec: string, env: Env): Embedder | undefined {
  const parsed = parseRoleSpec('embedder', spec, 'toolcheck({ embedder })')
  if (parsed.client === 'offline') return undefined
  if (parsed.client === 'openai') return openaiEmbedder({ client: lazyOpenAIClient(env), model: parsed.model })
  return huggingFaceEmbedder({ client: lazyHuggingFaceClient(env), model: parsed.model })
}

function lazyOpenAIClient(env: Env): OpenAIEmbeddingsClient {
  let client: Promise<OpenAIEmbeddingsClient> | undefined
  const connect = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) => new OpenAI({ apiKey: env.OPENAI_API_KEY ?? 'unset', ...(env.OPENAI_BASE_URL === undefined ? {} : { baseURL: env.OPENAI_BASE_URL }) }),
    ))
  return { embeddings: { create: async (request) => (await connect()).embeddings.create(request) } }
}

function lazyHuggingFaceClient(env: Env): FeatureExtractionClient {
  let client: Promise<FeatureExtractionClient> | undefined
  const connect = () =>
    (client ??= import('@huggingface/inference').then(
      ({ InferenceClient }) => new InferenceClient(env.HF_TOKEN, env.HF_ENDPOINT_URL === undefined ? {} : { endpointUrl: env.HF_ENDPOINT_URL }) as unknown as FeatureExtractionClient,
    ))
  return { featureExtraction: async (request) => (await connect()).featureExtraction(request) }
}
