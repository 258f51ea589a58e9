import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { McpTransportKind } from '../../src/adapters/mcp/index.ts'
import { mcpAgent } from '../../src/adapters/mcp/index.ts'
import { agentViewToChat } from '../../src/roles/index.ts'
import type { TurnAgent } from '../../src/roles/index.ts'

/** The agent process of `fixtures/mcp-chat-agent.ts`, which plays turns sent to it over its stdin. */
export interface ChildAgent {
  /** A toolcheck agent whose turns the child plays with `model` at `baseURL`, reaching the tools over `transport`. */
  agent(model: string, baseURL: string, transport: McpTransportKind): TurnAgent
  close(): Promise<void>
}

export function startChildAgent(): ChildAgent {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./fixtures/mcp-chat-agent.ts', import.meta.url))], { stdio: ['pipe', 'pipe', 'inherit'] })
  const waiting = new Map<number, { resolve: (content: string) => void; reject: (error: Error) => void }>()
  let next = 0
  createInterface({ input: child.stdout }).on('line', (line) => {
    const answer = JSON.parse(line) as { id: number; content?: string; error?: string }
    const turn = waiting.get(answer.id)
    waiting.delete(answer.id)
    if (answer.error !== undefined) turn?.reject(new Error(answer.error))
    else turn?.resolve(answer.content ?? '')
  })
  return {
    agent: (model, baseURL, transport) =>
      mcpAgent({
        name: `child-agent-over-${transport}`,
        transports: [transport],
        runTurn: ({ messages, systemPrompt, mcp, signal }) =>
          new Promise<string>((resolve, reject) => {
            const id = next++
            waiting.set(id, { resolve, reject })
            signal.addEventListener('abort', () => child.stdin.write(`${JSON.stringify({ cancel: id })}\n`), { once: true })
            child.stdin.write(`${JSON.stringify({ id, model, baseURL, transport, mcp, messages: agentViewToChat({ messages, tools: [], systemPrompt }) })}\n`)
          }),
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.stdin.end()
        child.kill()
      }),
  }
}
