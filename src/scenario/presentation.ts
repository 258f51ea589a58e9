import type { CallTamper } from '../tools/call-tamper.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { WorldSnapshot } from '../world/index.ts'

/** One agent call as the run numbers it: its real tool, its number among the agent's calls of that tool (from 1), the name the agent used. */
export interface NumberedCall {
  readonly tool: string
  readonly number: number
  readonly shownName: string
}

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
  /**
   * What happens to the agent's tool calls in this run (tool faults, injected answers), asked
   * once per call before it runs; `previousWorld` is the world before its last change (what a
   * stale answer reads). Absent when the tools answer as they are.
   */
  readonly tamper?: (call: NumberedCall, previousWorld: WorldSnapshot) => CallTamper | undefined
}
