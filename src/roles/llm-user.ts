import { createHash } from 'node:crypto'
import type OpenAI from 'openai'
import type { InferenceClient } from '@huggingface/inference'
import { NEUTRAL_USER_PROMPT } from '../domain/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { RoleContext, User, UserReply, UserView } from './types.ts'
import { InfrastructureError } from './types.ts'
import { userViewToChat } from './chat-format.ts'
import { callModel } from './endpoint/call-model.ts'
import type { ChatEndpoint } from './endpoint/chat-endpoint.ts'
import type { ChatModelOptions } from './endpoint/chat-model-options.ts'
import { callSettingsOf } from './endpoint/chat-model-options.ts'
import type { ChatRequest, ChatTool } from './endpoint/chat-request.ts'
import { endpointOfOptions } from './endpoint/endpoint-of-options.ts'
import { END_CONVERSATION_TOOL } from '../tools/end-conversation-tool.ts'


/** Options of `llmUser`. */
export interface LlmUserOptions extends ChatModelOptions {
  /**
   * How to reach the model: a ready endpoint (`openaiEndpoint(...)`, `huggingFaceEndpoint(...)`),
   * or a client of either library. When none is given, an openai client is made from `baseURL`
   * and `apiKey` (or `OPENAI_BASE_URL` and `OPENAI_API_KEY`).
   */
  readonly endpoint?: ChatEndpoint
  readonly client?: OpenAI | InferenceClient
  readonly baseURL?: string
  readonly apiKey?: string
  /**
   * Replaces the whole role-play text that comes before the goal (who the user is and how to
   * behave); the goal, what the user knows and the examples still follow.
   */
  readonly instructions?: string
  /**
   * The user's name in reports, where its error rates are kept per user (`summary.byUser`). By
   * default `<client>:<model>`, followed by `+prompt-<digest>` when `instructions` replace the
   * role-play text, so two prompts of one model are told apart.
   */
  readonly name?: string
}

/**
 * How any simulated user behaves, whatever the domain; it follows who the user is (the domain's,
 * scenario's or run's persona, such as "a person talking to the assistant on their phone").
 */
export const USER_RULES = [
  'Stay in your role: you are the person who wants something done, never the assistant. Do not offer help, do not explain how to do things, do not call the assistant "user".',
  'Write the way people type to an assistant: short, casual, one or two sentences.',
  'Only use facts given to you below or told to you by the assistant. When asked for something you were not given, say that you do not know it; never make it up.',
  `When your goal has been met, or the assistant has failed at it five times, call the ${END_CONVERSATION_TOOL} tool instead of writing a reply.`,
].join('\n')

/**
 * The example conversation shown to a simulated user when neither its scenario nor its domain
 * brings one: a person who gives only what is asked and ends once the goal is met. Models play
 * the user's side far more faithfully with one worked example than with instructions alone.
 */
export const DEFAULT_DEMONSTRATION: Scenario['user']['demonstrations'][number] = {
  goal: 'Find out when your next dentist appointment is. You do not know the date.',
  turns: [
    { role: 'user', content: 'when is my next dentist appointment' },
    { role: 'agent', content: 'I found two dentists in your records. Is it Dr. Okoye or Dr. Lindqvist?' },
    { role: 'user', content: 'okoye' },
    { role: 'agent', content: 'Your next appointment with Dr. Okoye is on Tuesday, June 2 at 9:30 am.' },
    { role: 'user', content: '(ends the conversation)' },
  ],
}

const END_TOOL: ChatTool = {
  type: 'function',
  function: {
    name: END_CONVERSATION_TOOL,
    description: 'Ends the conversation with the assistant. Call it once your goal is met or you give up.',
    parameters: { type: 'object', properties: {}, required: [] },
  },
}

/**
 * A simulated user backed by a chat model. It is prompted with the scenario's goal, the limit of
 * what it knows and the scenario's demonstrations (which only it sees), and it reads the
 * conversation with the roles inverted so that the model writes the user's lines. It is offered
 * an `end_conversation` tool; calling it ends the conversation.
 *
 * @example
 * const user = llmUser({ model: 'gpt-4o-mini', temperature: 0 })
 * const local = llmUser({ model: 'llama3.1', client: new InferenceClient(undefined, { endpointUrl: 'http://127.0.0.1:8080' }) })
 */
export function llmUser(options: LlmUserOptions): User {
  const endpoint = options.endpoint ?? endpointOfOptions(options)
  const settings = callSettingsOf(options, endpoint)
  const name = options.name ?? `${endpoint.client}:${options.model}${options.instructions === undefined ? '' : `+prompt-${createHash('sha256').update(options.instructions).digest('hex').slice(0, 8)}`}`
  return {
    name,
    async respond(view: UserView, context: RoleContext): Promise<UserReply> {
      const request: ChatRequest = {
        model: options.model,
        messages: userViewToChat(view, userSystemPrompt(context.scenario, view, options.instructions)),
        tools: [END_TOOL],
        ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
      }
      const { read, usage } = await callModel(endpoint, request, { ...settings, trial: context.trial, seed: context.seed, signal: context.signal })
      if (read.toolCalls.some((call) => call.name === END_CONVERSATION_TOOL)) return { kind: 'end', usage }
      // A call of any other tool is the model playing the agent: the run refuses it, and the user checks count it.
      if (read.toolCalls.length > 0) return { kind: 'call', toolCalls: read.toolCalls.map((call) => ({ ...(call.id === undefined ? {} : { id: call.id }), name: call.name, arguments: call.arguments })), usage }
      const content = read.content.trim()
      if (content === '')
        throw new InfrastructureError('malformed-reply', `the simulated user ${name} at ${endpoint.address} replied with neither text nor a call to ${END_CONVERSATION_TOOL}`)
      return { kind: 'say', content, usage }
    },
  }
}

/**
 * The simulated user's system prompt: the role-play instructions (who the user is, from the view's
 * persona, then {@link USER_RULES}; or `instructions` instead), the goal, what it knows, the run's
 * own notes for the user (when they add anything), then the demonstrations as examples: the
 * scenario's, else the domain's example, else {@link DEFAULT_DEMONSTRATION}.
 */
export function userSystemPrompt(scenario: Scenario, view: Pick<UserView, 'systemPrompt' | 'persona' | 'example'> = { systemPrompt: '' }, instructions?: string): string {
  const roleplay = instructions ?? [view.persona ?? NEUTRAL_USER_PROMPT, USER_RULES].join('\n')
  const sections = [roleplay, `Your goal: ${scenario.user.goal}`, ...(scenario.user.knowledge === '' ? [] : [`What you know: ${scenario.user.knowledge}`])]
  const notes = view.systemPrompt.trim()
  if (notes !== '' && !notes.includes(scenario.user.goal)) sections.push(`More about your situation: ${notes}`)
  const demonstrations = scenario.user.demonstrations.length > 0 ? scenario.user.demonstrations : [view.example ?? DEFAULT_DEMONSTRATION]
  for (const [index, demonstration] of demonstrations.entries()) {
    const lines = demonstration.turns.map((turn) => `${turn.role === 'user' ? 'Person' : 'Assistant'}: ${turn.content}`)
    sections.push([`Example ${index + 1} of how such a person talks (another conversation, with the goal: ${demonstration.goal}):`, ...lines].join('\n'))
  }
  return sections.join('\n\n')
}
