import type OpenAI from 'openai'
import type { InferenceClient } from '@huggingface/inference'
import type { ChatEndpoint } from './chat-endpoint.ts'
import { huggingFaceEndpoint } from './hugging-face-endpoint.ts'
import { openaiEndpoint } from './openai-endpoint.ts'

/** How a model-backed role's options name its server: a client of either library, or an openai server by URL and key. */
export interface EndpointChoice {
  readonly client?: OpenAI | InferenceClient
  readonly baseURL?: string
  readonly apiKey?: string
  readonly env?: Readonly<Record<string, string | undefined>>
}

/**
 * The endpoint a role's options name: a Hugging Face client's, else an openai endpoint from the
 * client, `baseURL` and `apiKey` (or `OPENAI_BASE_URL` and `OPENAI_API_KEY`).
 */
export function endpointOfOptions(options: EndpointChoice): ChatEndpoint {
  const env = options.env === undefined ? {} : { env: options.env }
  // Told apart by shape rather than class, so that neither client library is loaded to check.
  if (options.client !== undefined && 'chatCompletion' in options.client) return huggingFaceEndpoint({ client: options.client, ...env })
  return openaiEndpoint({
    ...(options.client === undefined ? {} : { client: options.client as OpenAI }),
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...env,
  })
}
