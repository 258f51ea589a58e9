import type { Agent, AgentReply, AgentView, RequestedCall } from '../../src/roles/types.ts'
import type { JsonObject, JsonValue } from '../../src/world/index.ts'
import type { ToolTalkConversation } from '../../scenarios/tooltalk/index.ts'
import { modelArguments } from '../../scenarios/tooltalk/index.ts'

/** One deliberate mistake made on top of the ground truth. */
export type ReferenceChange =
  /** The first call to `tool` gets `argument` set to `value`. */
  | { readonly kind: 'argument'; readonly tool: string; readonly argument: string; readonly value: JsonValue }
  /** The first call to `tool` is never made. */
  | { readonly kind: 'drop'; readonly tool: string }
  /** `call` is made right after the first call to `after`. */
  | { readonly kind: 'extra'; readonly after: string; readonly call: { readonly name: string; readonly arguments: JsonObject } }
  /** Every call is made with its arguments rewritten by `rewrite`. */
  | { readonly kind: 'every-call'; readonly name: string; readonly rewrite: (tool: string, args: JsonObject) => JsonObject }

/**
 * The reference agent with one mistake: in each assistant turn it makes the turn's ground-truth
 * calls one at a time (as the reference does) and then says the recorded text, except that the
 * first call to the named tool in the conversation is changed, dropped, or followed by an extra
 * call. Like the reference, it reads its place from the view (answers so far, calls since the last
 * answer), so it holds no state between replies.
 */
export function alteredReferenceAgent(conversation: ToolTalkConversation, change: ReferenceChange): Agent {
  const assistantTurns = conversation.turns.filter((turn) => turn.role === 'assistant')
  const target = change.kind === 'extra' ? change.after : change.kind === 'every-call' ? undefined : change.tool
  const targetTurn = target === undefined ? -1 : assistantTurns.findIndex((turn) => turn.calls.some((call) => call.apiName === target))
  if (target !== undefined && targetTurn === -1) throw new Error(`${conversation.name} never calls ${target}`)
  const plans = assistantTurns.map((turn, position): RequestedCall[] => {
    const calls = turn.calls.map((call, index): RequestedCall => {
      const args = modelArguments(call.apiName, call.parameters ?? {})
      return { id: `altered_${turn.position}_${index}`, name: call.apiName, arguments: change.kind === 'every-call' ? change.rewrite(call.apiName, args) : args }
    })
    if (change.kind === 'every-call' || position !== targetTurn) return calls
    const at = calls.findIndex((call) => call.name === target)
    const original = calls[at] as RequestedCall
    if (change.kind === 'drop') return calls.toSpliced(at, 1)
    if (change.kind === 'argument') return calls.toSpliced(at, 1, { ...original, arguments: { ...(original.arguments as JsonObject), [change.argument]: change.value } })
    return calls.toSpliced(at + 1, 0, { id: `altered_${turn.position}_extra`, ...change.call })
  })
  return {
    name: `reference with ${change.kind === 'every-call' ? change.name : change.kind === 'extra' ? `an extra ${change.call.name}` : change.kind === 'drop' ? `no ${change.tool}` : `a wrong ${change.tool}.${change.argument}`}`,
    async respond(view: AgentView): Promise<AgentReply> {
      const answers = view.messages.filter((message) => message.sender === 'agent' && message.recipient === 'user')
      const turn = assistantTurns[answers.length]
      const plan = plans[answers.length]
      if (turn === undefined || plan === undefined) return { content: '' }
      const lastAnswer = view.messages.findLastIndex((message) => message.sender === 'agent' && message.recipient === 'user')
      const made = view.messages.slice(lastAnswer + 1).reduce((count, message) => count + (message.toolCalls?.length ?? 0), 0)
      const next = plan[made]
      return next === undefined ? { content: turn.text } : { toolCalls: [next] }
    },
  }
}
