// Apart from the scenario schema, so reports and gates read the categories without loading it.
/**
 * The categories of ToolSandbox's paper, used to slice results. Scenarios may add labels of their
 * own (`"bank-transfers"`); reports slice by every label that appears, these seven first.
 */
export const CATEGORIES = [
  'SINGLE_TOOL_CALL',
  'MULTIPLE_TOOL_CALL',
  'SINGLE_USER_TURN',
  'MULTIPLE_USER_TURN',
  'STATE_DEPENDENCY',
  'CANONICALIZATION',
  'INSUFFICIENT_INFORMATION',
] as const
/** One of ToolSandbox's seven categories. */
export type ToolSandboxCategory = (typeof CATEGORIES)[number]
