import type { JsonValue, WorldSnapshot } from '../world/index.ts'
import type { ToolError } from './tool-error.ts'

/**
 * What a scenario's augmentation does to one tool call, decided before the call runs (see the
 * augmentation's tool faults and prompt injections). Part of the scenario, never a failure of the
 * domain or the infrastructure: the agent reads the outcome as an ordinary tool result or error.
 * Applied only to a call that named a tool it was shown with valid arguments and met the tool's
 * requirements, so the agent's own mistakes still read as its own.
 */
export interface CallTamper {
  /** Answer with this error instead of running the tool; the world does not change. */
  readonly error?: ToolError
  /** Run the tool on this world instead of the current one (a stale read); the world does not change. */
  readonly world?: WorldSnapshot
  /**
   * Replaces a successful result: the result the trace keeps and the text the caller reads
   * (which may be more than the result, or less: a truncated answer).
   */
  readonly result?: (result: JsonValue) => { readonly result: JsonValue; readonly content: string }
  /** What was done, in words, for the run's record (`get_booking failed with a transient error`). */
  readonly note: string
}
