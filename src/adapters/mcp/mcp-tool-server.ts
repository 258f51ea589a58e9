import type { Server as HttpServer } from 'node:http'
import { createServer as createHttpServer } from 'node:http'
import type { Server as NetServer, Socket } from 'node:net'
import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { TurnInput, TurnTool, TurnToolResult } from '../../roles/turn-agent.ts'
import type { JsonValue } from '../../world/index.ts'
import type { Arrival } from './call-gate.ts'
import { CallGate, MCP_CALL_ID_META } from './call-gate.ts'
import type { McpSdk } from './load-mcp.ts'
import { loadMcp } from './load-mcp.ts'
import { relayCommand } from './stdio-relay.ts'


/** The transports an MCP tool server can listen on. */
export type McpTransportKind = 'http' | 'stdio'

/** How to start a process that speaks MCP over its standard input and output, as MCP clients take it. */
export interface McpStdioCommand {
  readonly command: string
  readonly args: readonly string[]
}

/** Where a running `serveTools` server can be reached. */
export interface McpToolServer {
  /** The Streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp` (when `http` was asked for). */
  readonly url?: string
  /**
   * The command an MCP client spawns to reach the tools over stdio (when `stdio` was asked for):
   * a small relay process that carries the client's stdio to this server over a local socket,
   * so the tools still run (and are recorded) in the test's process.
   */
  readonly stdio?: McpStdioCommand
  /** Stops listening and closes every connection. */
  close(): Promise<void>
}

/** Options of `serveTools`. */
export interface ServeToolsOptions {
  /** Which transports to open; both by default. */
  readonly transports?: readonly McpTransportKind[]
  /** The server name clients see; `toolcheck` by default. */
  readonly name?: string
  /**
   * How long to wait for a client to answer the server's ping before the calls it holds are
   * refused with an error saying why (see `CallGate`); 10 s by default.
   */
  readonly pingTimeoutMs?: number
}

/**
 * The tools to serve: a turn (its tools, and `callByName` for names it does not offer, which the
 * run then records as failed calls), or tools alone (a name they do not offer is then answered
 * without reaching the run).
 */
export type ServedTools = readonly TurnTool[] | Pick<TurnInput, 'tools' | 'callByName'>

/** A tools/call answer as MCP sends it. */
interface CallAnswer {
  readonly content: { readonly type: 'text'; readonly text: string }[]
  readonly structuredContent?: JsonValue
  readonly isError?: true
}

/**
 * Serves tools bound to a run (a turn, or its `TurnTool`s) as an MCP server, so that an agent in
 * another process or language can call them: `tools/list` gives each tool's presented name,
 * description and JSON schema (augmentations included), and `tools/call` runs it through the run,
 * which records the call and its result with the world snapshot. A call's text content is what a
 * step-level model reads (the result as JSON, or `Kind: message` with `isError` for an error); a
 * result that is a JSON object is also its `structuredContent`. A call may carry its id in
 * `_meta['toolcheck/callId']`. A name the turn does not offer is recorded as a failed call
 * (`UnknownToolError`, naming close names) when a turn is served, and answered as one either way.
 *
 * **Which calls are one parallel message** does not depend on timing (see `CallGate`): calls
 * that list each other in `_meta['toolcheck/parallel']`, else the calls a client sends before it
 * answers a ping the server sends when the first of them arrives. A step's calls sent together
 * are one message, with race detection, every time; calls made one after another are recorded
 * one after another.
 *
 * Listens on 127.0.0.1 only: Streamable HTTP (a session per client, answers as server-sent
 * events, so that a ping can reach the client while its call waits) and, for stdio clients, a
 * local socket that the relay command of `stdio` connects to.
 */
export async function serveTools(served: ServedTools, options: ServeToolsOptions = {}): Promise<McpToolServer> {
  const sdk = await loadMcp()
  const transports = options.transports ?? ['http', 'stdio']
  const name = options.name ?? 'toolcheck'
  const turn = Array.isArray(served) ? { tools: served as readonly TurnTool[] } : (served as Pick<TurnInput, 'tools' | 'callByName'>)
  const makeServer = (transport: GatedTransport) => mcpServerFor(sdk, turn, name, transport, options.pingTimeoutMs)
  const closers: (() => Promise<void>)[] = []
  let url: string | undefined
  let stdio: McpStdioCommand | undefined
  try {
    if (transports.includes('http')) {
      const http = await serveHttp(sdk, makeServer)
      closers.push(http.close)
      url = http.url
    }
    if (transports.includes('stdio')) {
      const socket = await serveSocket(sdk, makeServer)
      closers.push(socket.close)
      stdio = relayCommand(socket.port)
    }
  } catch (error) {
    await Promise.all(closers.map((close) => close()))
    throw error
  }
  return {
    ...(url === undefined ? {} : { url }),
    ...(stdio === undefined ? {} : { stdio }),
    close: async () => {
      await Promise.all(closers.map((close) => close()))
    },
  }
}

/** The parts of an SDK transport the gate uses. */
interface GatedTransport {
  onmessage?: ((message: never, extra?: never) => void) | undefined
  send(message: never, options?: { relatedRequestId?: string | number }): Promise<void>
}

/**
 * An MCP server (the SDK's low-level `Server`, which takes JSON schemas as they are) over the
 * tools, connected to `transport` with a `CallGate` in front: the gate sees every message first,
 * and the `tools/call` handler answers with the result of the call's batch.
 */
async function mcpServerFor(sdk: McpSdk, turn: Pick<TurnInput, 'tools'> & Partial<Pick<TurnInput, 'callByName'>>, name: string, transport: GatedTransport, pingTimeoutMs: number | undefined): Promise<InstanceType<McpSdk['Server']>> {
  const server = new sdk.Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } })
  const byName = new Map(turn.tools.map((tool) => [tool.spec.name, tool]))
  const gate = new CallGate<CallAnswer>(
    (ping, relatedRequestId) => transport.send(ping as never, { relatedRequestId }),
    (batch) => batch.map((arrival) => answer(turn, byName, arrival)),
    pingTimeoutMs,
  )
  server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({
    tools: turn.tools.map((tool) => ({ name: tool.spec.name, description: tool.spec.description, inputSchema: tool.spec.parameters as { type: 'object' } })),
  }))
  server.setRequestHandler(sdk.CallToolRequestSchema, (_request, extra) => gate.resultOf(extra.requestId) as never)
  await server.connect(transport as never)
  // Installed after connect, in front of the SDK's own handler: the gate sees each message first.
  const dispatch = transport.onmessage
  transport.onmessage = ((message: never, extra?: never) => {
    if (!gate.observe(message)) dispatch?.(message, extra)
  }) as never
  return server
}

/**
 * Starts one call of a batch (synchronously, so that the calls of a batch form one message) and
 * gives its MCP answer.
 */
function answer(turn: Partial<Pick<TurnInput, 'callByName'>>, byName: ReadonlyMap<string, TurnTool>, arrival: Arrival): Promise<CallAnswer> {
  const { name, arguments: args, _meta: meta } = arrival.params
  const callId = meta?.[MCP_CALL_ID_META]
  const options = typeof callId === 'string' ? { callId } : {}
  const tool = byName.get(name)
  const given = (args ?? {}) as JsonValue
  if (tool === undefined && turn.callByName === undefined)
    return Promise.resolve({ content: [{ type: 'text', text: `UnknownToolError: there is no tool named \`${name}\`; available tools: ${[...byName.keys()].join(', ')}` }], isError: true })
  const call = tool !== undefined ? tool.call(given, options) : (turn.callByName as NonNullable<typeof turn.callByName>)(name, given, options)
  return call.then(toAnswer)
}

function toAnswer(result: TurnToolResult): CallAnswer {
  const structured = result.result !== undefined && typeof result.result === 'object' && result.result !== null && !Array.isArray(result.result) ? { structuredContent: result.result } : {}
  return { content: [{ type: 'text', text: result.content }], ...structured, ...(result.error === undefined ? {} : { isError: true as const }) }
}

/**
 * Streamable HTTP on 127.0.0.1, with a session per client (its transport and server kept until
 * the client ends it or the turn ends), answering as server-sent events: the gate's ping goes out
 * on the stream of the call it was sent for, and its answer comes back in the client's session.
 */
async function serveHttp(sdk: McpSdk, makeServer: (transport: GatedTransport) => Promise<InstanceType<McpSdk['Server']>>): Promise<{ url: string; close: () => Promise<void> }> {
  const sessions = new Map<string, { transport: InstanceType<McpSdk['StreamableHTTPServerTransport']>; server?: InstanceType<McpSdk['Server']> }>()
  let opened = 0
  const http: HttpServer = createHttpServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== '/mcp') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'the MCP endpoint is /mcp' }))
      return
    }
    const sessionId = request.headers['mcp-session-id']
    const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
    const failed = (error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }))
    }
    if (session !== undefined) {
      session.transport.handleRequest(request, response).catch(failed)
      return
    }
    if (sessionId !== undefined) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'session not found' }, id: null }))
      return
    }
    // A new client: its session id is a count, not a random id (nothing here depends on it).
    const entry: { transport: InstanceType<McpSdk['StreamableHTTPServerTransport']>; server?: InstanceType<McpSdk['Server']> } = {
      transport: new sdk.StreamableHTTPServerTransport({ sessionIdGenerator: () => `toolcheck-session-${++opened}`, onsessioninitialized: (id) => void sessions.set(id, entry) }),
    }
    entry.transport.onclose = () => {
      if (entry.transport.sessionId !== undefined) sessions.delete(entry.transport.sessionId)
    }
    makeServer(entry.transport as unknown as GatedTransport)
      .then((server) => {
        entry.server = server
        return entry.transport.handleRequest(request, response)
      })
      .catch(failed)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map(({ server }) => server?.close().catch(() => {})))
      await new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      })
    },
  }
}

/** A local socket per stdio client: MCP's newline-delimited JSON-RPC, as the relay forwards it. */
async function serveSocket(sdk: McpSdk, makeServer: (transport: GatedTransport) => Promise<InstanceType<McpSdk['Server']>>): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  const net: NetServer = createNetServer((socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    const connected = makeServer(new sdk.StdioServerTransport(socket, socket) as unknown as GatedTransport)
    socket.on('close', () => {
      sockets.delete(socket)
      void connected.then((server) => server.close()).catch(() => {})
    })
    socket.on('error', () => socket.destroy())
    connected.catch(() => socket.destroy())
  })
  await new Promise<void>((resolve) => net.listen(0, '127.0.0.1', resolve))
  const { port } = net.address() as AddressInfo
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        net.close(() => resolve())
      }),
  }
}
