import { z } from 'zod'
import type { AnyTool } from '../../tools/define-tool.ts'
import { defineTool } from '../../tools/define-tool.ts'
import { ToolError } from '../../tools/tool-error.ts'
import type { JsonValue } from '../../world/index.ts'
import type { McpSdk } from './load-mcp.ts'
import { loadMcp } from './load-mcp.ts'
import { resolveSchemaRefs } from './resolve-schema-refs.ts'

/** An MCP client of the SDK, connected. */
export type McpClient = InstanceType<McpSdk['Client']>

/** How to reach an MCP server: a command to spawn (stdio), or a Streamable HTTP URL. */
export type McpServerAddress =
  | { readonly command: string; readonly args?: readonly string[]; readonly env?: Readonly<Record<string, string>>; readonly cwd?: string }
  | { readonly url: string }

/** Options of `mcpTools` and `connectMcpTools`. */
export interface McpToolsOptions {
  /**
   * The tools' group (distraction tools of the same group are offered first, scrambled names read
   * `<group>_<k>`); the server's name by default.
   */
  readonly group?: string
}

/** An external server's tools as toolcheck tools, with the connection they use. */
export interface McpToolSet {
  readonly tools: readonly AnyTool[]
  readonly client: McpClient
  /** Closes the connection (and stops a spawned server). */
  close(): Promise<void>
}

/** What every imported tool says it returns. */
const RETURNS = "the MCP tool's structured content, else its text (as JSON when the text is JSON)"

/**
 * Connects to an MCP server (spawning it for stdio) and turns its tool list into toolcheck tools
 * (see `mcpTools`). Close the set when done.
 */
export async function connectMcpTools(address: McpServerAddress, options: McpToolsOptions = {}): Promise<McpToolSet> {
  const sdk = await loadMcp()
  const client = new sdk.Client({ name: 'toolcheck', version: '1.0.0' })
  const transport =
    'url' in address
      ? new sdk.StreamableHTTPClientTransport(new URL(address.url))
      : new sdk.StdioClientTransport({ command: address.command, args: [...(address.args ?? [])], ...(address.env === undefined ? {} : { env: { ...address.env } }), ...(address.cwd === undefined ? {} : { cwd: address.cwd }) })
  await client.connect(transport)
  try {
    return { tools: await mcpTools(client, options), client, close: () => client.close() }
  } catch (error) {
    await client.close()
    throw error
  }
}

/**
 * The tools an MCP server lists, as toolcheck tools that call the server: names and descriptions
 * as listed, arguments from each input schema with its `$ref`s resolved (`resolveSchemaRefs`:
 * the models and enums a Python server puts under `$defs` keep their types, enums and required
 * fields, and arguments that break them are refused as for any tool; an argument without a
 * description is described by its name, as toolcheck's registry requires one), `action` unless the server marks the tool
 * read-only. A call's result is the server's structured content, else its text, parsed as JSON
 * when it is JSON; an error result (`isError`) reaches the agent as `McpToolError: <text>`.
 *
 * These tools act on the server's state, not on toolcheck's world: a run records their calls
 * (so tool-call milestones and minefields, and ToolTalk-style call metrics, apply), but no
 * snapshot changes when they run, so milestones on the world's tables cannot see what they did.
 */
export async function mcpTools(client: McpClient, options: McpToolsOptions = {}): Promise<AnyTool[]> {
  const listed: Awaited<ReturnType<McpClient['listTools']>>['tools'] = []
  let cursor: string | undefined
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor })
    listed.push(...page.tools)
    cursor = page.nextCursor
  } while (cursor !== undefined)
  const group = options.group ?? client.getServerVersion()?.name
  return listed.map((tool) =>
    defineTool({
      name: tool.name,
      ...(group === undefined ? {} : { group }),
      description: tool.description ?? tool.title ?? tool.name,
      args: argumentsOf(tool.name, resolvedInput(tool.name, tool.inputSchema as JsonValue)),
      returns: RETURNS,
      action: tool.annotations?.readOnlyHint !== true,
      execute: async (args) => resultOf(await client.callTool({ name: tool.name, arguments: args as Record<string, unknown> })),
    }) as AnyTool,
  )
}

interface JsonSchemaObject {
  readonly properties?: Readonly<Record<string, Record<string, unknown>>>
  readonly required?: readonly string[]
}

/** A tool's input schema with its references resolved (see `resolveSchemaRefs`); an error names the tool. */
function resolvedInput(tool: string, schema: JsonValue): JsonSchemaObject {
  try {
    return resolveSchemaRefs(schema) as JsonSchemaObject
  } catch (error) {
    throw new Error(`the MCP tool ${tool} has an input schema toolcheck cannot read: ${(error as Error).message}`, { cause: error })
  }
}

/** A zod object for an MCP input schema: one described, possibly optional, zod schema per property. */
function argumentsOf(tool: string, schema: JsonSchemaObject): z.ZodObject {
  const shape: Record<string, z.ZodType> = {}
  const required = new Set(schema.required ?? [])
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    let argument: z.ZodType
    try {
      argument = z.fromJSONSchema(property as never)
    } catch {
      // A schema zod cannot read still takes any value; the server checks it.
      argument = z.any()
    }
    const described = argument.describe(typeof property.description === 'string' && property.description !== '' ? property.description : `the ${name} argument of ${tool}`)
    shape[name] = required.has(name) ? described : described.optional()
  }
  return z.object(shape)
}

type CallResult = Awaited<ReturnType<McpClient['callTool']>>

function resultOf(result: CallResult): JsonValue {
  const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : []
  const text = content.filter((part) => part.type === 'text' && typeof part.text === 'string').map((part) => part.text as string).join('\n')
  if (result.isError === true) throw new ToolError('McpToolError', text === '' ? 'the MCP tool reported an error' : text)
  if (result.structuredContent !== undefined) return result.structuredContent as JsonValue
  if (content.some((part) => part.type !== 'text')) return content as unknown as JsonValue
  try {
    return JSON.parse(text) as JsonValue
  } catch {
    return text
  }
}
