import type { AnyTool } from './define-tool.ts'
import { toolJsonSchema } from './tool-json-schema.ts'
import type { ToolSpec } from './tool-spec.ts'

/** Options of `presentTool`. */
export interface PresentToolOptions {
  /** Present a strict schema (see `toolJsonSchema`); a plain draft-07 schema by default. */
  readonly strict?: boolean
}

/**
 * A tool as a model sees it when nothing is augmented: its own name, its description followed by
 * what it returns, and the JSON schema of its arguments.
 */
export function presentTool(tool: AnyTool, options: PresentToolOptions = {}): ToolSpec {
  return {
    name: tool.name,
    description: toolDescription(tool),
    parameters: toolJsonSchema(tool, { strict: options.strict ?? false }),
    tool: tool.name,
  }
}

/** The description a model reads: what the tool does, then what it returns. */
export function toolDescription(tool: AnyTool): string {
  const description = tool.description.trim()
  const returns = tool.returns.trim()
  if (returns === '') return description
  const separator = /[.!?]$/.test(description) ? ' ' : '. '
  return `${description}${separator}Returns: ${returns}`
}
