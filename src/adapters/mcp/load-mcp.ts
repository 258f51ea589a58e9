import { loadOptionalPeer } from '../optional-peer.ts'

const ENTRY = 'vitest-toolcheck/mcp'
const PACKAGE = '@modelcontextprotocol/sdk'

/**
 * The parts of the MCP TypeScript SDK (`@modelcontextprotocol/sdk`, an optional peer of
 * vitest-toolcheck) the adapter uses, imported together on first use.
 */
export async function loadMcp() {
  const [server, stdioServer, httpServer, client, stdioClient, httpClient, types] = await Promise.all([
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/server/index.js'), `${PACKAGE}/server/index.js`),
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/server/stdio.js'), `${PACKAGE}/server/stdio.js`),
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/server/streamableHttp.js'), `${PACKAGE}/server/streamableHttp.js`),
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/client/index.js'), `${PACKAGE}/client/index.js`),
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/client/stdio.js'), `${PACKAGE}/client/stdio.js`),
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/client/streamableHttp.js'), `${PACKAGE}/client/streamableHttp.js`),
    loadOptionalPeer(PACKAGE, ENTRY, () => import('@modelcontextprotocol/sdk/types.js'), `${PACKAGE}/types.js`),
  ])
  return {
    Server: server.Server,
    StdioServerTransport: stdioServer.StdioServerTransport,
    StreamableHTTPServerTransport: httpServer.StreamableHTTPServerTransport,
    Client: client.Client,
    StdioClientTransport: stdioClient.StdioClientTransport,
    StreamableHTTPClientTransport: httpClient.StreamableHTTPClientTransport,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    CallToolRequestSchema: types.CallToolRequestSchema,
  }
}

/** The loaded SDK. */
export type McpSdk = Awaited<ReturnType<typeof loadMcp>>
