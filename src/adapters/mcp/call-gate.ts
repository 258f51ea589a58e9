/** The JSON-RPC ids of toolcheck's pings start with this, so they cannot be taken for a client's. */
const PING_ID_PREFIX = 'toolcheck-ping-'

/** The `_meta` key under which a call may give its own id (its model's tool-call id). */
export const MCP_CALL_ID_META = 'toolcheck/callId'

/**
 * The `_meta` key under which a call may list the ids (`toolcheck/callId`) of every call sent
 * with it, itself included: the calls of one model step, to be one parallel message whatever the
 * client's threads and the transport do with their order.
 */
export const MCP_PARALLEL_META = 'toolcheck/parallel'

/** How long the gate waits for a client to answer its ping before it refuses the calls it holds. */
export const DEFAULT_PING_TIMEOUT_MS = 10_000

/** A JSON-RPC message as it crosses the transport (the parts the gate reads). */
interface RawMessage {
  readonly id?: string | number
  readonly method?: string
  readonly params?: unknown
  readonly result?: unknown
  readonly error?: unknown
}

/** A `tools/call` that arrived and waits for its batch. */
export interface Arrival {
  /** The client's JSON-RPC id of the request. */
  readonly requestId: string | number
  /** The request's `params` (`name`, `arguments`, `_meta`). */
  readonly params: { readonly name: string; readonly arguments?: Record<string, unknown>; readonly _meta?: Record<string, unknown> }
}

/**
 * Decides which `tools/call` requests of one MCP connection form one parallel message, without
 * looking at a clock.
 *
 * A call that lists the calls sent with it (`_meta['toolcheck/parallel']`, their
 * `toolcheck/callId`s) is held until all of them have arrived, in whatever order, and they run
 * as one message: exact for any client that says so.
 *
 * Any other call: the calls a client sends before it has answered a ping of the server's.
 * When a call arrives and no ping is out, the gate sends the client a `ping` (MCP requires every
 * party to answer one) and holds the call. Every call that arrives before the client's answer to
 * that ping joins it; the answer closes the batch, which runs as one parallel message, and each
 * call is answered. The messages of one connection arrive in the order the client sent them, so a
 * call the client sent before it read the ping (a second call of the same step, sent while the
 * first was in flight) is always in the batch, and a call it sent after reading the answer to an
 * earlier one (a dependent call, made sequentially) never is: neither depends on how fast either
 * side runs, for a client that sends a step's calls in one go before it reads anything (the MCP
 * TypeScript SDK's client under `Promise.all`); a client that may answer the ping between two
 * calls of a step (one that answers pings on a thread of its own) should list them instead. A
 * sequential client pays one ping round trip per call.
 *
 * `observe` must see every message the connection receives, in order and synchronously, before
 * the SDK dispatches it (a `tools/call` handler runs a few promise turns later, by which time the
 * ping's answer may have been read too).
 *
 * A client that never answers the ping would hold its calls forever: after `pingTimeoutMs` the
 * calls held are refused with an error that says so and what to do (answer pings, or list a
 * step's calls). The clock only bounds the wait; it never decides which calls are one message.
 */
export class CallGate<Result> {
  readonly #send: (ping: object, relatedRequestId: string | number) => Promise<void>
  readonly #run: (batch: readonly Arrival[]) => readonly Promise<Result>[]
  #held: Arrival[] = []
  /** Listed calls waiting for the rest of their list, by the list. */
  readonly #listed = new Map<string, { readonly ids: ReadonlySet<string>; readonly arrivals: Arrival[] }>()
  #ping: string | undefined
  #pings = 0
  readonly #pingTimeoutMs: number
  #pingTimer: ReturnType<typeof setTimeout> | undefined
  readonly #results = new Map<string | number, { readonly promise: Promise<Result>; settle(result: Promise<Result>): void }>()

  /**
   * @param send sends a message to the client (the ping; over Streamable HTTP on the stream of the
   *   request it is related to, which the client is reading)
   * @param run runs one batch (synchronously when it closes) and gives each call's result
   * @param pingTimeoutMs how long to wait for the answer to a ping (`DEFAULT_PING_TIMEOUT_MS`)
   */
  constructor(send: (ping: object, relatedRequestId: string | number) => Promise<void>, run: (batch: readonly Arrival[]) => readonly Promise<Result>[], pingTimeoutMs = DEFAULT_PING_TIMEOUT_MS) {
    this.#send = send
    this.#run = run
    this.#pingTimeoutMs = pingTimeoutMs
  }

  /** The result of a call the gate saw arrive, once its batch has run. */
  resultOf(requestId: string | number): Promise<Result> {
    const entry = this.#results.get(requestId)
    if (entry === undefined) return Promise.reject(new Error(`the call ${String(requestId)} never reached the gate`))
    return entry.promise.finally(() => this.#results.delete(requestId))
  }

  /**
   * Looks at a message the client sent. Returns true when it was the answer to one of the gate's
   * pings, which the SDK must not see (it would not know the id).
   */
  observe(message: RawMessage): boolean {
    if (message.method === undefined && typeof message.id === 'string' && message.id.startsWith(PING_ID_PREFIX)) {
      if (message.id === this.#ping) this.#close()
      return true
    }
    if (message.method === 'tools/call' && message.id !== undefined) {
      let settle: (result: Promise<Result>) => void = () => {}
      const promise = new Promise<Result>((resolve) => {
        settle = resolve
      })
      // Read by the call's handler; a failure is the handler's to report, never an unhandled rejection.
      promise.catch(() => {})
      this.#results.set(message.id, { promise, settle })
      const arrival: Arrival = { requestId: message.id, params: (message.params ?? { name: '' }) as Arrival['params'] }
      const listed = listOf(arrival)
      if (listed !== undefined) this.#join(listed, arrival)
      else {
        this.#held.push(arrival)
        if (this.#ping === undefined) this.#ask(message.id)
      }
    }
    return false
  }

  /** A listed call joins its list, which runs once every call it names has arrived. */
  #join(ids: readonly string[], arrival: Arrival): void {
    const key = JSON.stringify([...ids].sort())
    const group = this.#listed.get(key) ?? { ids: new Set(ids), arrivals: [] }
    this.#listed.set(key, group)
    group.arrivals.push(arrival)
    const arrived = new Set(group.arrivals.map((member) => member.params._meta?.[MCP_CALL_ID_META]))
    if (![...group.ids].every((id) => arrived.has(id))) return
    this.#listed.delete(key)
    // In the order the list gives, whatever order they arrived in.
    const order = listOf(arrival) ?? []
    const position = (member: Arrival) => order.indexOf(String(member.params._meta?.[MCP_CALL_ID_META]))
    this.#start([...group.arrivals].sort((a, b) => position(a) - position(b)))
  }

  #ask(relatedRequestId: string | number): void {
    const id = `${PING_ID_PREFIX}${this.#pings++}`
    this.#ping = id
    // A ping that cannot be sent (the connection is going away) closes the batch as it is.
    this.#send({ jsonrpc: '2.0', id, method: 'ping' }, relatedRequestId).catch(() => {
      if (this.#ping === id) this.#close()
    })
    this.#pingTimer = setTimeout(() => {
      if (this.#ping === id) this.#refuseHeld()
    }, this.#pingTimeoutMs)
    // A connection left open must not keep the process alive for its ping.
    this.#pingTimer.unref?.()
  }

  /** The client never answered the ping: the calls held are refused, saying why. */
  #refuseHeld(): void {
    const batch = this.#held
    this.#held = []
    this.#ping = undefined
    this.#pingTimer = undefined
    const error = new Error(
      `the MCP client did not answer toolcheck's ping within ${this.#pingTimeoutMs / 1000} s, so ${batch.length === 1 ? 'this tool call was' : `these ${batch.length} tool calls were`} refused: MCP requires every party to answer pings, and toolcheck holds each call until the client answers one, to tell a step's calls sent together from calls made one after another. Answer pings (the MCP SDKs' clients do), or list a step's calls in _meta["${MCP_PARALLEL_META}"] with their _meta["${MCP_CALL_ID_META}"]`,
    )
    for (const arrival of batch) this.#results.get(arrival.requestId)?.settle(Promise.reject(error))
  }

  #close(): void {
    clearTimeout(this.#pingTimer)
    this.#pingTimer = undefined
    const batch = this.#held
    this.#held = []
    this.#ping = undefined
    // In the order the client sent them: its request ids count up (over HTTP two requests may
    // arrive the other way round on two connections).
    const numbered = batch.every((arrival) => typeof arrival.requestId === 'number')
    this.#start(numbered ? [...batch].sort((a, b) => (a.requestId as number) - (b.requestId as number)) : batch)
  }

  #start(batch: readonly Arrival[]): void {
    if (batch.length === 0) return
    let results: readonly Promise<Result>[]
    try {
      results = this.#run(batch)
    } catch (error) {
      results = batch.map(() => Promise.reject(error))
    }
    batch.forEach((arrival, position) => this.#results.get(arrival.requestId)?.settle(results[position] ?? Promise.reject(new Error('the batch gave no result for this call'))))
  }
}

/** The ids a call lists as sent with it (itself included), when it lists any. */
function listOf(arrival: Arrival): readonly string[] | undefined {
  const meta = arrival.params._meta
  const listed = meta?.[MCP_PARALLEL_META]
  const own = meta?.[MCP_CALL_ID_META]
  if (!Array.isArray(listed) || typeof own !== 'string' || !listed.every((id): id is string => typeof id === 'string')) return undefined
  return listed.includes(own) ? listed : [...listed, own]
}
