/**
 * `vitest-toolcheck/mcp`: the Model Context Protocol both ways (`@modelcontextprotocol/sdk`, an
 * optional peer dependency, loaded on first use). `mcpAgent` and `serveTools` serve a run's tools
 * as an MCP server (Streamable HTTP on 127.0.0.1, and stdio through a relay command), so an agent
 * in another process or language is tested with every call recorded; `connectMcpTools` and
 * `mcpTools` turn an external server's tool list into toolcheck tools.
 */
export type { McpAgentOptions, McpTurnInput } from './mcp-agent.ts'
export { mcpAgent } from './mcp-agent.ts'
export type { McpStdioCommand, McpToolServer, McpTransportKind, ServedTools, ServeToolsOptions } from './mcp-tool-server.ts'
export { serveTools } from './mcp-tool-server.ts'
export { MCP_CALL_ID_META, MCP_PARALLEL_META } from './call-gate.ts'
export type { McpClient, McpServerAddress, McpToolSet, McpToolsOptions } from './mcp-tools.ts'
export { connectMcpTools, mcpTools } from './mcp-tools.ts'
export { MissingPeerError } from '../optional-peer.ts'
