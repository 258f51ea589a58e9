import type { JsonObject, JsonValue } from '../../../src/world/index.ts'

/**
 * One ToolTalk tool call with its outcome, in the shape ToolTalk records (`request.api_name`,
 * `request.parameters`, `response`, `exception`). For tools that need a login, `parameters`
 * includes the `session_token` the executor passed, as in ToolTalk's records; it is `null` when
 * the arguments could not be read as a JSON object.
 */
export interface ToolTalkCall {
  readonly apiName: string
  readonly parameters: JsonObject | null
  /** The tool's result; `null` when it failed. */
  readonly response: JsonValue
  /** The failure text; `null` when it succeeded. */
  readonly exception: string | null
}
