import { EndpointFailure } from './endpoint-failure.ts'

/**
 * A `fetch` that reads at most `maxBytes` of a successful response's body, for the clients of the
 * built-in endpoints. A body announced (`Content-Length`) or found to be longer fails the read at
 * once as `malformed-reply` and closes the connection, so an oversized reply is refused after at
 * most `maxBytes` have come in, never downloaded whole. A body cut off before its end (the server
 * closed the connection, or sent less than it announced) fails the read as `malformed-reply` too:
 * one classification however it was cut, since the server answered and what it sent cannot be
 * read. An error response's body is only shortened to the limit, so the client still reports its
 * status. Reads that fail because the request was aborted (our time limit, the run's cancellation)
 * fail as the client expects aborted reads to.
 */
export function sizeLimitedFetch(maxBytes: number, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init)
    const body = response.body
    if (body === null) return response
    const successful = response.ok
    const announced = Number(response.headers.get('content-length') ?? Number.NaN)
    const reader = body.getReader()
    let received = 0
    let refused: EndpointFailure | undefined
    if (successful && announced > maxBytes) refused = oversize(`announced ${announced} bytes`, maxBytes)
    const limited = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (refused !== undefined) {
          await reader.cancel(refused).catch(() => {})
          controller.error(refused)
          return
        }
        let chunk: ReadableStreamReadResult<Uint8Array>
        try {
          chunk = await reader.read()
        } catch (error) {
          if (init?.signal?.aborted === true || !successful) {
            // An aborted read fails as aborted; an error body keeps what arrived, for its status.
            if (successful) controller.error(error)
            else controller.close()
            return
          }
          const expected = Number.isFinite(announced) ? ` of the ${announced} announced` : ''
          controller.error(new EndpointFailure('malformed-reply', `the reply was cut off after ${received} bytes${expected}: ${describe(error)}`, { cause: error }))
          return
        }
        if (chunk.done) {
          if (successful && Number.isFinite(announced) && received < announced)
            controller.error(new EndpointFailure('malformed-reply', `the reply was cut off after ${received} bytes of the ${announced} announced`))
          else controller.close()
          return
        }
        received += chunk.value.byteLength
        if (received <= maxBytes) {
          controller.enqueue(chunk.value)
          return
        }
        await reader.cancel().catch(() => {})
        if (!successful) {
          controller.enqueue(chunk.value.subarray(0, chunk.value.byteLength - (received - maxBytes)))
          controller.close()
          return
        }
        controller.error(oversize(`more than ${maxBytes} bytes came`, maxBytes))
      },
      cancel(reason) {
        return reader.cancel(reason)
      },
    })
    const wrapped = new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers })
    // A constructed response has no URL; clients quote it in their errors.
    Object.defineProperty(wrapped, 'url', { value: response.url })
    return wrapped
  }
}

function oversize(what: string, maxBytes: number): EndpointFailure {
  return new EndpointFailure('malformed-reply', `the reply is larger than the limit of ${maxBytes} bytes (${what}); it was not read further (raise limits.maxReplyBytes or TOOLCHECK_MAX_REPLY_BYTES if such replies are expected)`)
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause
  return [(error as Error | undefined)?.message ?? String(error), cause?.message, cause?.code].filter((part) => part !== undefined && part !== '').join(': ')
}
