import type { AnyDomain, ToolNameOf } from '../domain/index.ts'
import { isDomain } from '../domain/index.ts'
import type { ResultReference, TypedReferenceStep } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'

/** An argument value in a reference call: literal JSON or a reference to an earlier result. */
export type ArgumentValue = JsonValue | ResultReference

/** One call as the author writes it, to a tool among `Tool`. */
export interface CallInput<Tool extends string = string> {
  readonly tool: Tool
  readonly arguments: Readonly<Record<string, ArgumentValue>>
}

/** A reference call that has been written; `result(path)` points at its result for later calls. */
export interface CallHandle {
  readonly step: number
  readonly call: number
  /** A reference to the whole result, or to `path` inside it (`0.phone_number`). */
  result(path?: string): { readonly $ref: { readonly step: number; readonly call: number; readonly path: string } }
}

/** Writes the steps of a reference solution in order; tool names are among `Tool`. */
export interface SolutionWriter<Tool extends string = string> {
  /** The agent makes one tool call in its own message. */
  call(tool: Tool, args?: Readonly<Record<string, ArgumentValue>>): CallHandle
  /** The agent makes several tool calls in one message (parallel calls). */
  parallel(...calls: readonly CallInput<Tool>[]): CallHandle[]
  /** The agent says something to the user. */
  say(content: string): void
  /**
   * The user replies. With `answers` (the words of the question it answers: `['number', 'phone']`),
   * the scripted user keeps the reply to itself until the agent asks about one of them.
   */
  user(content: string, options?: { readonly answers?: readonly string[] }): void
  /** The user ends the conversation. */
  end(): void
}

/** One call for {@link SolutionWriter.parallel}. */
export function call<const Tool extends string>(tool: Tool, args: Readonly<Record<string, ArgumentValue>> = {}): CallInput<Tool> {
  return { tool, arguments: args }
}

/**
 * Builds a reference solution: the steps a correct agent takes, with the user's replies. Each
 * `call` returns a handle whose `result(path)` is a `$ref` that the reference agent resolves from
 * the actual tool result, so ids made during the run flow into later calls the way a real agent
 * would carry them. Given the domain first (`solution(bank, (s) => ...)`), the tool names are
 * the domain's, so a misspelt one is a type error; that is the form a scenario written with
 * `defineScenario({ domain: bank, ... })` needs.
 *
 * @example
 * solution(deviceDomain, (s) => {
 *   const found = s.call('search_contacts', { name: 'Ines Albarran' })
 *   s.call('send_message_with_phone_number', { phone_number: found.result('0.phone_number'), content: 'On my way' })
 *   s.say('Sent.')
 *   s.end()
 * })
 */
export function solution<const D extends AnyDomain>(domain: D, write: (writer: SolutionWriter<ToolNameOf<D>>) => void): TypedReferenceStep<ToolNameOf<D>>[]
export function solution(write: (writer: SolutionWriter) => void): TypedReferenceStep<string>[]
export function solution(...args: [AnyDomain, (writer: SolutionWriter) => void] | [(writer: SolutionWriter) => void]): TypedReferenceStep<string>[] {
  const write = args.length === 2 ? args[1] : args[0]
  if (args.length === 2 && !isDomain(args[0])) throw new TypeError('solution(domain, write) takes a domain made by defineDomain first')
  type Tool = string
  const steps: TypedReferenceStep<Tool>[] = []
  const handle = (step: number, position: number): CallHandle => ({
    step,
    call: position,
    result: (path = '') => ({ $ref: { step, call: position, path } }),
  })
  const writer: SolutionWriter<Tool> = {
    call(tool, args = {}) {
      steps.push({ agent: 'call', calls: [{ tool, arguments: { ...args } }] })
      return handle(steps.length - 1, 0)
    },
    parallel(...calls) {
      steps.push({ agent: 'call', calls: calls.map((item) => ({ tool: item.tool, arguments: { ...item.arguments } })) })
      return calls.map((_item, position) => handle(steps.length - 1, position))
    },
    say(content) {
      steps.push({ agent: 'say', content })
    },
    user(content, options = {}) {
      steps.push({ user: 'say', content, ...(options.answers === undefined ? {} : { answers: [...options.answers] }) })
    },
    end() {
      steps.push({ user: 'end' })
    },
  }
  write(writer)
  return steps
}
