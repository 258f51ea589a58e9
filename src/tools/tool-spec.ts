import type { JsonObject } from '../world/index.ts'

/**
 * A tool as one model sees it: the name, description and JSON schema presented to the model, and
 * how to get back to the real tool. Augmentations produce specs that differ from the real tool
 * (scrambled names, removed descriptions or types, renamed arguments); execution, traces and
 * milestones always use the real names.
 */
export interface ToolSpec {
  /** The name the model sees and calls. */
  readonly name: string
  readonly description: string
  /** A JSON Schema object (`type: 'object'`) for the arguments, as presented. */
  readonly parameters: JsonObject
  /** The real tool this spec stands for. */
  readonly tool: string
  /** Presented argument name → real argument name, when arguments were renamed. */
  readonly argumentNames?: Readonly<Record<string, string>>
  /** True when argument types were removed from the schema (arguments may then arrive as strings). */
  readonly typesHidden?: boolean
}
