/**
 * "Your" agent in a process of its own, as one written in any language would be: it reads one
 * turn on stdin (`{ baseURL, model, messages, stdio }`), starts the MCP server it was given
 * (`stdio`: the command toolcheck's `mcpAgent` hands out), offers that server's tools to a
 * chat-completions model, calls what the model asks for through MCP (a step's calls all at once),
 * and prints the model's answer. It knows nothing of toolcheck.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

interface ChatMessage {
  role: string
  content: string | null
  tool_calls?: { id: string; function: { name: string; arguments: string } }[]
  tool_call_id?: string
}

const chunks: Buffer[] = []
for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
const turn = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { baseURL: string; model: string; messages: ChatMessage[]; stdio: { command: string; args: string[] } }

const client = new Client({ name: 'my-agent', version: '1.0.0' })
await client.connect(new StdioClientTransport({ command: turn.stdio.command, args: turn.stdio.args }))
const { tools } = await client.listTools()
const offered = tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }))
const messages = [...turn.messages]
let answer = ''
for (let step = 0; step < 10; step++) {
  const response = await fetch(`${turn.baseURL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: turn.model, messages, tools: offered }) })
  const message = ((await response.json()) as { choices: { message: ChatMessage }[] }).choices[0]!.message
  if (message.tool_calls === undefined || message.tool_calls.length === 0) {
    answer = message.content ?? ''
    break
  }
  messages.push(message)
  // The step's calls go out together: toolcheck records them as one parallel message.
  const results = await Promise.all(message.tool_calls.map((call) => client.callTool({ name: call.function.name, arguments: JSON.parse(call.function.arguments) as Record<string, unknown> })))
  message.tool_calls.forEach((call, position) => {
    const text = (results[position]!.content as { text: string }[]).map((part) => part.text).join('\n')
    messages.push({ role: 'tool', tool_call_id: call.id, content: text })
  })
}
await client.close()
process.stdout.write(answer)
