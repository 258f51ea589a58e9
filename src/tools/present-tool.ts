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

/**
 * The description a model reads: what the tool does, then what it returns. Made once per tool
 * and shared, as its schema is: every prepared scenario and variant presents the tools again, and
 * a text of its own in each (hundreds of characters a tool) filled the workers of a long
 * evaluation with copies.
 */
export function toolDescription(tool: AnyTool): string {
  const known = descriptions.get(tool)
  if (known !== undefined) return known
  const description = tool.description.trim()
  const returns = tool.returns.trim()
  const separator = /[.!?]$/.test(description) ? ' ' : '. '
  const text = returns === '' ? description : `${description}${separator}Returns: ${returns}`
  descriptions.set(tool, text)
  return text
}

const descriptions = new WeakMap<AnyTool, string>()
