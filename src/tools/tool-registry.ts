import { closestNames } from './closest-names.ts'
import type { AnyTool } from './define-tool.ts'

/** The tools a run can execute, by their real names. */
export interface ToolRegistry {
  /** The tool named `name`, or `undefined`. */
  get(name: string): AnyTool | undefined
  /** The tool named `name`; throws a `ToolLookupError` naming the closest registered tools. */
  getOrThrow(name: string): AnyTool
  has(name: string): boolean
  /** The registered names, in registration order. */
  names(): string[]
  /** The registered tools, in registration order. */
  list(): readonly AnyTool[]
}

/** Two tools with the same name, or an argument without a description, given to `createRegistry`. */
export class ToolRegistryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolRegistryError'
  }
}

/** A registry lookup of a name that is not registered. */
export class ToolLookupError extends Error {
  readonly toolName: string
  readonly suggestions: readonly string[]

  constructor(toolName: string, registered: readonly string[]) {
    const suggestions = closestNames(toolName, registered)
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((name) => `\`${name}\``).join(', ')}?` : `; registered tools: ${registered.join(', ') || '(none)'}`
    super(`no tool \`${toolName}\` is registered${hint}`)
    this.name = 'ToolLookupError'
    this.toolName = toolName
    this.suggestions = suggestions
  }
}

/**
 * Makes a registry. Rejects two tools with one name (the second would silently shadow the
 * first) and arguments without a description (models see every argument's description, and
 * augmentations that scramble descriptions need one to scramble).
 */
export function createRegistry(tools: readonly AnyTool[]): ToolRegistry {
  const byName = new Map<string, AnyTool>()
  for (const tool of tools) {
    if (byName.has(tool.name)) {
      const groups = [byName.get(tool.name)?.group, tool.group].map((group) => group ?? '(no group)').join(' and ')
      throw new ToolRegistryError(`two tools are named \`${tool.name}\` (groups ${groups}); tool names must be unique`)
    }
    const undescribed = Object.entries(tool.args.shape)
      .filter(([, schema]) => !hasDescription(schema))
      .map(([argument]) => argument)
    if (undescribed.length > 0)
      throw new ToolRegistryError(`tool \`${tool.name}\` has arguments without a description: ${undescribed.join(', ')}; add .describe('...') to each`)
    byName.set(tool.name, tool)
  }
  const list = Object.freeze([...byName.values()])
  return {
    get: (name) => (byName.has(name) ? byName.get(name) : undefined),
    getOrThrow(name) {
      const tool = byName.get(name)
      if (tool === undefined) throw new ToolLookupError(name, [...byName.keys()])
      return tool
    },
    has: (name) => byName.has(name),
    names: () => [...byName.keys()],
    list: () => list,
  }
}

/** Whether a zod schema (or the schema an optional/default/nullable wrapper holds) has a description. */
function hasDescription(schema: unknown): boolean {
  let current = schema as { description?: string; _zod?: { def?: { innerType?: unknown } } } | undefined
  for (let depth = 0; current !== undefined && depth < 8; depth++) {
    if (typeof current.description === 'string' && current.description.length > 0) return true
    current = current._zod?.def?.innerType as typeof current
  }
  return false
}
