import type { ChatMessage, ChatRequest } from '../roles/endpoint/chat-request.ts'
import type { ReferenceCall, ReferenceStep, Scenario } from '../scenario/index.ts'
import type { ToolSpec } from '../tools/tool-spec.ts'
import type { JsonValue } from '../world/index.ts'
import { canonicalJson } from '../world/index.ts'
import type { MockCompletion, MockToolCall } from './mock-reply.ts'
import type { MockChatRequest, MockResponder } from './mock-request.ts'

/** The tool a simulated user's request offers; its presence marks a request as the user's. */
const END_TOOL = 'end_conversation'

/** Options of `scriptedModel`. */
export interface ScriptedModelOptions {
  /**
   * The tools as the agent is shown them, when names are scrambled or arguments renamed: calls
   * are then made under the presented names. The real names are used when absent.
   */
  readonly tools?: readonly ToolSpec[]
}

/**
 * A mock-server responder that plays scenarios' reference solutions as an OpenAI-format model,
 * for both roles, so that a whole scenario runs through the real clients offline:
 * - a request that offers `end_conversation` is the simulated user's: it gets the reference's
 *   next user reply (counted from the user's own lines, which arrive as `assistant` messages),
 *   or a call to `end_conversation` when the reference ends;
 * - any other request is the agent's: it gets the reference's next agent step (counted from the
 *   `assistant` messages). Tool calls get the ids `ref-<step>-<call>`, and a `$ref` argument is
 *   read from the `tool` message answering the call it names (its content parsed as JSON).
 *
 * The scenario of a request is the one whose id is the request's model name, else the one whose
 * first message (or a paraphrase) opens the agent's conversation, or whose goal is in the user's
 * system prompt. A request that matches none, or matches several scenarios with different
 * solutions, is answered with an error that says so (name the model after the scenario id then).
 */
export function scriptedModel(scenarios: Scenario | readonly Scenario[], options: ScriptedModelOptions = {}): MockResponder {
  const list: readonly Scenario[] = Array.isArray(scenarios) ? scenarios : [scenarios as Scenario]
  return ({ body }: MockChatRequest) => {
    const isUser = (body.tools ?? []).some((tool) => tool.function.name === END_TOOL)
    const scenario = findScenario(list, body, isUser)
    return isUser ? userTurn(scenario, body) : agentTurn(scenario, body, options.tools)
  }
}

function findScenario(scenarios: readonly Scenario[], request: ChatRequest, isUser: boolean): Scenario {
  const byModel = scenarios.find((scenario) => scenario.id === request.model)
  if (byModel !== undefined) return byModel
  let matches: Scenario[]
  if (isUser) {
    const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content).join('\n')
    matches = scenarios.filter((scenario) => system.includes(scenario.user.goal))
  } else {
    const opening = request.messages.find((message) => message.role === 'user')?.content
    matches = scenarios.filter((scenario) => scenario.firstMessage === opening || scenario.paraphrases.some((paraphrase) => paraphrase.text === opening))
  }
  const first = matches[0]
  if (first === undefined)
    throw new Error(`no scenario matches this ${isUser ? 'user' : 'agent'} request (model ${request.model}); the scripted model knows: ${scenarios.map((scenario) => scenario.id).join(', ')}`)
  // Scenarios that open alike but are solved differently cannot be told apart from the request.
  const solution = canonicalJson(first.reference as unknown as JsonValue)
  const differing = matches.filter((scenario) => canonicalJson(scenario.reference as unknown as JsonValue) !== solution)
  if (differing.length > 0)
    throw new Error(
      `this ${isUser ? 'user' : 'agent'} request matches several scenarios with different solutions (${[first, ...differing].map((scenario) => scenario.id).join(', ')}); name the model after the scenario id to choose one`,
    )
  return first
}

function userTurn(scenario: Scenario, request: ChatRequest): MockCompletion {
  const userSteps = scenario.reference.filter((step): step is Extract<ReferenceStep, { user: unknown }> => 'user' in step)
  // The user's first line is the scenario's first message; the reference holds the replies after it.
  const spoken = request.messages.filter((message) => message.role === 'assistant').length
  const step = userSteps[Math.max(0, spoken - 1)]
  if (step === undefined || step.user === 'end') return { toolCalls: [{ name: END_TOOL, arguments: {} }] }
  return { content: step.content }
}

function agentTurn(scenario: Scenario, request: ChatRequest, tools: readonly ToolSpec[] | undefined): MockCompletion {
  const agentSteps = scenario.reference.flatMap((step, position) => ('agent' in step ? [{ step, position }] : []))
  const turn = request.messages.filter((message) => message.role === 'assistant').length
  const next = agentSteps[turn]
  if (next === undefined) return { content: 'Is there anything else you need?' }
  if (next.step.agent === 'say') return { content: next.step.content }
  return { toolCalls: next.step.calls.map((call, index) => presentCall(call, `ref-${next.position}-${index}`, request.messages, tools)) }
}

function presentCall(call: ReferenceCall, id: string, messages: readonly ChatMessage[], tools: readonly ToolSpec[] | undefined): MockToolCall {
  const spec = tools?.find((candidate) => candidate.tool === call.tool)
  const presentedName = new Map(Object.entries(spec?.argumentNames ?? {}).map(([presented, real]) => [real, presented]))
  const args: Record<string, JsonValue> = {}
  for (const [name, value] of Object.entries(call.arguments)) args[presentedName.get(name) ?? name] = resolveRef(value, messages)
  return { id, name: spec?.name ?? call.tool, arguments: args }
}

/** A `$ref` argument replaced by the part of the earlier call's result it names; `null` when missing. */
function resolveRef(value: ReferenceCall['arguments'][string], messages: readonly ChatMessage[]): JsonValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('$ref' in value)) return value as JsonValue
  const { step, call, path } = (value as { $ref: { step: number; call: number; path: string } }).$ref
  const answer = messages.find((message): message is Extract<ChatMessage, { role: 'tool' }> => message.role === 'tool' && message.tool_call_id === `ref-${step}-${call}`)
  if (answer === undefined) return null
  let current: JsonValue | undefined
  try {
    current = JSON.parse(answer.content) as JsonValue
  } catch {
    current = answer.content
  }
  for (const part of path === '' ? [] : path.split('.')) {
    if (Array.isArray(current)) current = current[Number(part)]
    else if (typeof current === 'object' && current !== null && Object.hasOwn(current, part)) current = current[part]
    else current = undefined
  }
  return current ?? null
}
