import type { TurnInput } from '../roles/turn-agent.ts'
import { TurnClosedError } from '../roles/bind-turn-tools.ts'
import type { JsonValue } from '../world/index.ts'
import { asJson } from '../world/index.ts'

/** How a thrown value reads in a trace: its class name as the kind, its message. */
export function errorOutcome(error: unknown): { readonly kind: string; readonly message: string } {
  if (error instanceof Error) return { kind: error.name === '' ? 'Error' : error.name, message: error.message }
  return { kind: 'Error', message: String(error) }
}

/**
 * Runs a tool of the agent's own through `execute` and records the call outside the world with
 * its outcome (the result as JSON, or the error it threw), then returns or throws exactly what
 * `execute` did: an error of your tool is the framework's to handle, as in production. An output
 * `failureOf` names a failure (a framework's error text in place of the tool's result) is recorded
 * as that failure. A record refused because the turn has ended is dropped (the framework is being
 * stopped anyway).
 */
export async function runOutside<T>(
  turn: Pick<TurnInput, 'recordOutsideCall'>,
  call: { readonly name: string; readonly arguments: JsonValue; readonly callId?: string | undefined },
  execute: () => Promise<T>,
  failureOf: (output: T) => { readonly kind: string; readonly message: string } | undefined = () => undefined,
): Promise<T> {
  const base = { name: call.name, arguments: call.arguments, ...(call.callId === undefined ? {} : { callId: call.callId }), run: { kind: 'tool' as const } }
  let output: T
  try {
    output = await execute()
  } catch (error) {
    await recordQuietly(turn, { ...base, error: errorOutcome(error) })
    throw error
  }
  // A framework that catches your tool's error and hands the model text instead returns as if
  // the tool had answered: `failureOf` tells such an output, which is recorded as the failure.
  const failure = failureOf(output)
  await recordQuietly(turn, failure === undefined ? { ...base, result: asJson(output ?? null) } : { ...base, error: failure })
  return output
}

/** Records an outside call; a turn that has ended refuses it, which is no error of the tool's. */
export async function recordQuietly(turn: Pick<TurnInput, 'recordOutsideCall'>, call: Parameters<TurnInput['recordOutsideCall']>[0]): Promise<void> {
  try {
    await turn.recordOutsideCall(call)
  } catch (error) {
    if (!(error instanceof TurnClosedError)) throw error
  }
}
