import type { Server as HttpServer } from 'node:http'
import { createServer as createHttpServer } from 'node:http'
import type { Server as NetServer, Socket } from 'node:net'
import { createServer as createNetServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { TurnTool } from '../../roles/turn-agent.ts'
import type { JsonValue } from '../../world/index.ts'
import type { McpSdk } from './load-mcp.ts'
import { loadMcp } from './load-mcp.ts'
import { relayCommand } from './stdio-relay.ts'

/**
 * The `_meta` key under which an MCP client may give a call its own id (its model's tool-call id),
 * for the run to record the call under; without it the run makes one up.
 */
export const MCP_CALL_ID_META = 'toolcheck/callId'

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
}

/**
 * Serves tools bound to a run (a turn's `TurnTool`s) as an MCP server, so that an agent in another
 * process or language can call them: `tools/list` gives each tool's presented name, description
 * and JSON schema (augmentations included), and `tools/call` runs it through the run, which
 * records the call and its result with the world snapshot. A call's text content is what a
 * step-level model reads (the result as JSON, or `Kind: message` with `isError` for an error); a
 * result that is a JSON object is also its `structuredContent`. Calls that arrive together form
 * one parallel message, as for any turn-level agent; a call may carry its id in
 * `_meta['toolcheck/callId']`. A name the turn does not offer is answered
 * with an error result listing the names it does (the run never sees it).
 *
 * Listens on 127.0.0.1 only: Streamable HTTP (stateless, JSON responses) and, for stdio clients,
 * a local socket that the relay command of `stdio` connects to.
 */
export async function serveTools(tools: readonly TurnTool[], options: ServeToolsOptions = {}): Promise<McpToolServer> {
  const sdk = await loadMcp()
  const transports = options.transports ?? ['http', 'stdio']
  const name = options.name ?? 'toolcheck'
  const makeServer = () => mcpServerFor(sdk, tools, name)
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

/** An MCP server (the SDK's low-level `Server`, which takes JSON schemas as they are) over the tools. */
function mcpServerFor(sdk: McpSdk, tools: readonly TurnTool[], name: string): InstanceType<McpSdk['Server']> {
  const server = new sdk.Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } })
  const byName = new Map(tools.map((tool) => [tool.spec.name, tool]))
  server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({ name: tool.spec.name, description: tool.spec.description, inputSchema: tool.spec.parameters as { type: 'object' } })),
  }))
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name)
    if (tool === undefined)
      return { content: [{ type: 'text' as const, text: `UnknownToolError: there is no tool named \`${request.params.name}\`; available tools: ${[...byName.keys()].join(', ')}` }], isError: true }
    const callId = request.params._meta?.[MCP_CALL_ID_META]
    const result = await tool.call((request.params.arguments ?? {}) as JsonValue, typeof callId === 'string' ? { callId } : {})
    const structured = result.result !== undefined && typeof result.result === 'object' && result.result !== null && !Array.isArray(result.result) ? { structuredContent: result.result } : {}
    return { content: [{ type: 'text' as const, text: result.content }], ...structured, ...(result.error === undefined ? {} : { isError: true }) }
  })
  return server
}

/** Streamable HTTP on 127.0.0.1, stateless: each POST gets a fresh server and transport. */
async function serveHttp(sdk: McpSdk, makeServer: () => InstanceType<McpSdk['Server']>): Promise<{ url: string; close: () => Promise<void> }> {
  const http: HttpServer = createHttpServer((request, response) => {
    if ((request.url ?? '').split('?')[0] !== '/mcp') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'the MCP endpoint is /mcp' }))
      return
    }
    const server = makeServer()
    // Without a session id generator the transport is stateless, as one server per request needs.
    const transport = new sdk.StreamableHTTPServerTransport({ enableJsonResponse: true })
    response.on('close', () => {
      void transport.close()
      void server.close()
    })
    void server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }))
      })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      }),
  }
}

/** A local socket per stdio client: MCP's newline-delimited JSON-RPC, as the relay forwards it. */
async function serveSocket(sdk: McpSdk, makeServer: () => InstanceType<McpSdk['Server']>): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  const net: NetServer = createNetServer((socket) => {
    sockets.add(socket)
    socket.setNoDelay(true)
    const server = makeServer()
    socket.on('close', () => {
      sockets.delete(socket)
      void server.close()
    })
    socket.on('error', () => socket.destroy())
    void server.connect(new sdk.StdioServerTransport(socket, socket)).catch(() => socket.destroy())
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
