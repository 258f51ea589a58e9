import type { McpStdioCommand } from './mcp-tool-server.ts'

/**
 * The relay an MCP client spawns as its stdio server: it carries bytes both ways between its own
 * standard input/output and the run's local socket on 127.0.0.1, where the tools are served. It
 * understands nothing of MCP, so it adds no behaviour: the client talks to toolcheck's server as
 * if directly. It is inline JavaScript for `node -e`, not a file, so it starts in the time of a
 * bare Node process (a client may spawn one per turn) and needs no path into the package.
 */
const RELAY_SOURCE = [
  "const socket = require('node:net').connect({ host: '127.0.0.1', port: Number(process.argv[1]), noDelay: true })",
  'process.stdin.pipe(socket)',
  'socket.pipe(process.stdout)',
  "process.stdin.on('end', () => socket.end())",
  "socket.on('close', () => process.exit(0))",
  "socket.on('error', (error) => { process.stderr.write('toolcheck MCP relay: ' + error.message + '\\n'); process.exit(1) })",
].join('\n')

/** The command that relays a stdio MCP client to the socket on `port`. */
export function relayCommand(port: number): McpStdioCommand {
  return { command: process.execPath, args: ['-e', RELAY_SOURCE, String(port)] }
}
