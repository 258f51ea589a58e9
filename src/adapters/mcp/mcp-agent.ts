import type { RoleContext } from '../../roles/types.ts'
import type { TurnAgent, TurnInput, TurnReply } from '../../roles/turn-agent.ts'
import type { McpToolServer, McpTransportKind } from './mcp-tool-server.ts'
import { serveTools } from './mcp-tool-server.ts'
import { requirePeer } from '../optional-peer.ts'

/** What an MCP agent's turn gets: the turn, and where its tools are served. */
export interface McpTurnInput extends TurnInput {
  /** The turn's tools as an MCP server: `url` for Streamable HTTP, `stdio` for a command to spawn. */
  readonly mcp: Omit<McpToolServer, 'close'>
}

/** Options of `mcpAgent`. */
export interface McpAgentOptions {
  /** The agent's name in reports. */
  readonly name: string
  /** Which transports to serve each turn's tools on; both by default. */
  readonly transports?: readonly McpTransportKind[]
  /** How long the server waits for your client to answer its ping (see `serveTools`); 10 s by default. */
  readonly pingTimeoutMs?: number
  /**
   * Runs one user turn of your agent: hand it the conversation (`messages`, `systemPrompt`) and
   * the MCP endpoint (`mcp.url`, or `mcp.stdio` for a client that spawns its server), however it
   * takes them, and return its answer. Stop it when `signal` fires.
   */
  runTurn(input: McpTurnInput, context: RoleContext): Promise<TurnReply | string>
}

/**
 * A turn-level agent that lives outside the test's process (another runtime, another language, a
 * service): for each user turn the scenario's tools, as presented and bound to the run, are
 * served over MCP (`serveTools`) for as long as the turn lasts, and your `runTurn` tells your agent
 * about the turn. Every call the agent makes through its MCP client is recorded on the bus with
 * its snapshot, like any agent's, a name no tool answers to as a failed call; calls sent together
 * are one parallel message, decided without timing (see `serveTools`). The MCP SDK (an optional
 * peer) must be installed: without it this throws `MissingPeerError` before anything runs.
 */
export function mcpAgent(options: McpAgentOptions): TurnAgent {
  requirePeer('@modelcontextprotocol/sdk', 'vitest-toolcheck/mcp', '@modelcontextprotocol/sdk/server/index.js')
  return {
    name: options.name,
    async runTurn(turn, context) {
      const server = await serveTools(turn, { ...(options.transports === undefined ? {} : { transports: options.transports }), ...(options.pingTimeoutMs === undefined ? {} : { pingTimeoutMs: options.pingTimeoutMs }) })
      try {
        const { close, ...mcp } = server
        void close
        return await options.runTurn({ ...turn, mcp }, context)
      } finally {
        await server.close()
      }
    },
  }
}
