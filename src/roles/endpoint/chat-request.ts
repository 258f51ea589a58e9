import type { JsonObject } from '../../world/index.ts'

/**
 * The Chat Completions wire format, the subset toolcheck sends and reads. Both the openai client
 * and the Hugging Face client speak it, so agents, users, the cache and the mock server share
 * these types.
 */

/** A function call in an assistant message; `arguments` is JSON text that may be invalid. */
export interface ChatToolCall {
  readonly id: string
  readonly type: 'function'
  readonly function: { readonly name: string; readonly arguments: string }
}

/** One message of a chat-completions request. */
export type ChatMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly tool_calls?: readonly ChatToolCall[] }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string }

/** A function tool offered to the model. */
export interface ChatTool {
  readonly type: 'function'
  readonly function: {
    readonly name: string
    readonly description: string
    readonly parameters: JsonObject
    readonly strict?: boolean
  }
}

/** Generation options; every one of them is part of the cache key. */
export interface ChatOptions {
  readonly temperature?: number
  readonly tool_choice?: 'auto' | 'none' | 'required' | { readonly type: 'function'; readonly function: { readonly name: string } }
  readonly parallel_tool_calls?: boolean
  readonly max_tokens?: number
  readonly seed?: number
}

/** A chat-completions request body. */
export interface ChatRequest extends ChatOptions {
  readonly model: string
  readonly messages: readonly ChatMessage[]
  readonly tools?: readonly ChatTool[]
}

/** The assistant message of one choice, as servers send it (fields may be missing or null). */
export interface ChatReplyMessage {
  readonly role?: string
  readonly content?: string | null
  readonly tool_calls?: readonly {
    readonly id?: string
    readonly type?: string
    readonly function?: { readonly name?: string; readonly arguments?: string }
  }[] | null
}

/** A chat-completions response body (the parts toolcheck reads). */
export interface ChatReply {
  readonly id?: string
  readonly model?: string
  readonly choices: readonly { readonly index?: number; readonly message: ChatReplyMessage; readonly finish_reason?: string | null }[]
  readonly usage?: { readonly prompt_tokens?: number; readonly completion_tokens?: number; readonly total_tokens?: number } | null
}
