import type { InferenceClient } from '@huggingface/inference'
import type { Agent } from './types.ts'
import type { ChatAgentOptions } from './endpoint/chat-agent.ts'
import { chatAgent } from './endpoint/chat-agent.ts'
import { huggingFaceEndpoint } from './endpoint/hugging-face-endpoint.ts'

/** Options of `huggingFaceAgent`. */
export interface HuggingFaceAgentOptions extends ChatAgentOptions {
  /** A dedicated endpoint or local server (TGI, vLLM, llama.cpp); `HF_ENDPOINT_URL` when absent. */
  readonly endpointUrl?: string
  /** `HF_TOKEN` when absent; local servers need none. Never written to cassettes or reports. */
  readonly accessToken?: string
  /** An inference provider (`auto`, `together`, `groq`, ...) when no endpoint URL is given. */
  readonly provider?: string
  /**
   * A ready client; made from the options above when absent. Give `endpointUrl` as well when the
   * client has one: the client does not reveal it, and it names the server in cache keys and in
   * the shared concurrency limit.
   */
  readonly client?: InferenceClient
}

/**
 * An agent over `@huggingface/inference`'s `chatCompletion`, for Hugging Face inference providers
 * and for local text-generation servers reached by `endpointUrl`.
 *
 * @example
 * const agent = huggingFaceAgent({ model: 'Qwen/Qwen2.5-7B-Instruct', endpointUrl: 'http://127.0.0.1:8080' })
 */
export function huggingFaceAgent(options: HuggingFaceAgentOptions): Agent {
  const endpoint = huggingFaceEndpoint({
    ...(options.client === undefined ? {} : { client: options.client }),
    ...(options.endpointUrl === undefined ? {} : { endpointUrl: options.endpointUrl }),
    ...(options.accessToken === undefined ? {} : { accessToken: options.accessToken }),
    ...(options.provider === undefined ? {} : { provider: options.provider }),
    ...(options.env === undefined ? {} : { env: options.env }),
  })
  return chatAgent(`hf:${options.model}`, endpoint, options)
}
