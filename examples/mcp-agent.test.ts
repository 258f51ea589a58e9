import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { agentViewToChat } from 'vitest-toolcheck'
import { mcpAgent } from 'vitest-toolcheck/mcp'
import { scriptedModel, startMockServer } from 'vitest-toolcheck/mock-server'
import { builtInScenarios } from 'vitest-toolcheck/scenarios'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'

// A built-in scenario: the user wants Wi-Fi, and low battery mode (which blocks it) is on.
const wifi = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })[0]!

// An agent in another process (here a Node script, mcp-agent-process.mts below; it could be
// Python, Go, a service) that talks to its tools over MCP. Its model here is the local
// OpenAI-compatible server playing the scenario's reference solution.
const server = await startMockServer({ respond: scriptedModel([wifi]) })
afterAll(() => server.close())
// `.mts`: an ES module in any project, CommonJS too (what `npm init -y` makes).
const agentScript = fileURLToPath(new URL('./mcp-agent-process.mts', import.meta.url))

const myExternalAgent = mcpAgent({
  name: 'my-external-agent',
  transports: ['stdio'],
  // Each user turn: start the agent with the conversation and the stdio command of the turn's MCP server.
  runTurn: ({ messages, systemPrompt, mcp, signal }) =>
    new Promise((resolve, reject) => {
      const turn = { baseURL: server.baseURL, model: wifi.id, messages: agentViewToChat({ messages, tools: [], systemPrompt }), stdio: mcp.stdio }
      // Node 22 before 22.18 runs TypeScript only with this flag; later versions accept it.
      const child = execFile(process.execPath, ['--experimental-strip-types', agentScript], { signal }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
      child.stdin?.end(JSON.stringify(turn))
    }),
})

test('an agent in another process, its tool calls over MCP recorded with their world snapshots', async (context) => {
  const run = await playScenario(wifi, { agent: myExternalAgent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
})
