import type { JsonValue, WorldWriteKind } from '../world/index.ts'

/**
 * How a tool's own code broke:
 * - `tool-threw`: it threw something that is not a `ToolError` (a `TypeError`, a plain `Error`);
 * - `tool-timeout`: it did not settle within its time limit;
 * - `invalid-result`: it returned `undefined` or a value that is not JSON;
 * - `unknown-table`, `unknown-column`, `missing-key`, `row-mutated`: it wrote the world in a way
 *   its domain does not allow (see `WorldWriteError`).
 */
export type ToolFaultKind = 'tool-threw' | 'tool-timeout' | 'invalid-result' | WorldWriteKind

/**
 * A bug in a domain's tool, met while running one call: whose it is (the tool, with the arguments
 * it was called with), what happened, and where (the stack of the tool's code, when there is
 * one). A run that meets one ends as a domain error: it says nothing about the agent.
 */
export interface ToolFault {
  readonly kind: ToolFaultKind
  /** The tool's real name. */
  readonly tool: string
  /** The validated arguments, under their real names. */
  readonly arguments: JsonValue
  readonly message: string
  readonly stack?: string
}
