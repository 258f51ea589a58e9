/**
 * An embedder could not embed the texts a `semantic` similarity needs: the server failed or was
 * unreachable, or its answer held no usable vectors. The message starts with "embedding failed",
 * names the embedder and says why; the original error, if any, is the `cause`.
 */
export class EmbeddingError extends Error {
  /** The embedder's name (`openai:text-embedding-3-small`, `huggingface:<model>`, ...). */
  readonly embedder: string

  constructor(embedder: string, reason: string, options?: { readonly cause?: unknown }) {
    super(`embedding failed: ${embedder}: ${reason}`, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'EmbeddingError'
    this.embedder = embedder
  }
}

/**
 * Wraps what an embedding request threw in an `EmbeddingError` (kept as is when it already is
 * one). The reason quotes the cause's message and, when the error carries one, the HTTP status
 * and the server's own error message.
 */
export function embeddingFailure(embedder: string, count: number, thrown: unknown): EmbeddingError {
  if (thrown instanceof EmbeddingError) return thrown
  return new EmbeddingError(embedder, `could not embed ${count} text${count === 1 ? '' : 's'}: ${describeCause(thrown)}`, { cause: thrown })
}

function describeCause(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown)
  const details = thrown as Error & { status?: unknown; httpResponse?: { status?: unknown; body?: unknown } }
  const status = typeof details.status === 'number' ? details.status : typeof details.httpResponse?.status === 'number' ? details.httpResponse.status : undefined
  const serverMessage = errorMessageOf(details.httpResponse?.body)
  const parts = [thrown.message]
  if (status !== undefined && !thrown.message.includes(String(status))) parts.push(`HTTP ${status}`)
  if (serverMessage !== undefined && !thrown.message.includes(serverMessage)) parts.push(`the server said: ${serverMessage}`)
  return parts.join('; ')
}

/** The `error.message` (or `error` text) of a JSON error body, as OpenAI-compatible and Hugging Face servers send it. */
function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const error = (body as { error?: unknown }).error
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return undefined
}
