import type OpenAI from 'openai'
import type { Agent } from './types.ts'
import type { ChatAgentOptions } from './endpoint/chat-agent.ts'
import { chatAgent } from './endpoint/chat-agent.ts'
import { openaiEndpoint } from './endpoint/openai-endpoint.ts'

/** Options of `openaiAgent`. */
export interface OpenAIAgentOptions extends ChatAgentOptions {
  /** A ready openai client; made from `baseURL` and `apiKey` when absent. */
  readonly client?: OpenAI
  /** Any OpenAI-compatible server (vLLM, Ollama, llama.cpp); `OPENAI_BASE_URL`, else the OpenAI API. */
  readonly baseURL?: string
  /** `OPENAI_API_KEY` when absent. Never written to cassettes or reports. */
  readonly apiKey?: string
}

/**
 * An agent over the official openai client and the Chat Completions API with tools. Calls are
 * cached, limited and retried as `ChatModelOptions` describe; the client itself never retries.
 *
 * @example
 * const agent = openaiAgent({ model: 'gpt-4o-mini', temperature: 0 })
 * const local = openaiAgent({ model: 'qwen2.5:7b', baseURL: 'http://127.0.0.1:11434/v1' })
 */
export function openaiAgent(options: OpenAIAgentOptions): Agent {
  const endpoint = openaiEndpoint({
    ...(options.client === undefined ? {} : { client: options.client }),
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.env === undefined ? {} : { env: options.env }),
  })
  return chatAgent(`openai:${options.model}`, endpoint, options)
}
