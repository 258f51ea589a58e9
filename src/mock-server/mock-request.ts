import type { ChatRequest } from '../roles/endpoint/chat-request.ts'
import type { MockReply } from './mock-reply.ts'

/** One request the mock server received, as logged. Authorization headers are not kept. */
export interface MockRequest {
  /** Position in the log, from 0. */
  readonly index: number
  readonly method: string
  /** The path, without the query. */
  readonly path: string
  /** `chat` for chat completions, `responses` for the Responses API, `embeddings` for either embeddings format (the path tells which), or `other`. */
  readonly kind: 'chat' | 'responses' | 'embeddings' | 'other'
  /** The parsed JSON body (undefined when it did not parse). */
  readonly body: unknown
  /** Whether an `Authorization` header came with it (its value is never kept). */
  readonly authorized: boolean
}

/** A chat-completions request as a responder sees it. */
export interface MockChatRequest {
  /** The body the client sent (a Responses API request as the chat request it amounts to). */
  readonly body: ChatRequest
  /** This request's position in the server's log. */
  readonly index: number
}

/** Chooses the reply to a chat-completions request (used when the reply queue is empty). */
export type MockResponder = (request: MockChatRequest) => MockReply | Promise<MockReply>
