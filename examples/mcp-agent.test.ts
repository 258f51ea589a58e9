import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { agentViewToChat } from 'vitest-toolcheck'
import { mcpAgent } from 'vitest-toolcheck/mcp'
import { scriptedModel, startMockServer } from 'vitest-toolcheck/mock-server'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'
import { wifiBehindLowBattery } from './wifi-scenario.ts'

// An agent in another process (here a Node script; it could be Python, Go, a service) that talks
// to its tools over MCP. Its model here is the local OpenAI-compatible server playing the
// scenario's reference solution.
const server = await startMockServer({ respond: scriptedModel([wifiBehindLowBattery]) })
afterAll(() => server.close())
const agentScript = fileURLToPath(new URL('./mcp-agent-process.ts', import.meta.url))

const myExternalAgent = mcpAgent({
  name: 'my-external-agent',
  transports: ['stdio'],
  // Each user turn: start the agent with the conversation and the stdio command of the turn's MCP server.
  runTurn: ({ messages, systemPrompt, mcp, signal }) =>
    new Promise((resolve, reject) => {
      const turn = { baseURL: server.baseURL, model: wifiBehindLowBattery.id, messages: agentViewToChat({ messages, tools: [], systemPrompt }), stdio: mcp.stdio }
      const child = execFile(process.execPath, [agentScript], { signal }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
      child.stdin?.end(JSON.stringify(turn))
    }),
})

test('an agent in another process, its tool calls over MCP recorded with their world snapshots', async (context) => {
  const run = await playScenario(wifiBehindLowBattery, { agent: myExternalAgent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
})
