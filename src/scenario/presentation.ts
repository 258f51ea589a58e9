import type { ToolSpec } from '../tools/tool-spec.ts'

/**
 * How a scenario is presented to the agent in one run: the tools as the agent sees them and the
 * first user message. The plain presentation shows the allowed tools as they are and the
 * scenario's own first message; augmentations produce others. `label` names it in reports
 * (`none`, `3 distraction tools, tool names scrambled`, ...).
 */
export interface ScenarioPresentation {
  readonly label: string
  readonly tools: readonly ToolSpec[]
  readonly firstMessage: string
}
