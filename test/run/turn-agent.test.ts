import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/index.ts'
import { applyAugmentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import type { Trajectory } from '../../src/conversation/index.ts'
import { InfrastructureError, referenceAgent, scriptedAgent, scriptedUser, TurnClosedError, turnAgent } from '../../src/roles/index.ts'
import type { TurnToolResult } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { RunOptions } from '../../src/run/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { playScenario } from '../../src/vitest/index.ts'
import { fixtureRegistry, fixtureWorld } from '../tools/fixture-tools.ts'
import { referenceTurnAgent } from './reference-turn-agent.ts'

const FREDRIK = '+12453344098'
const scenario = defineScenario({
  id: 'turn-agent-text-fredrik',
  categories: ['STATE_DEPENDENCY'],
  user: { goal: 'Text Fredrik "on my way".', knowledge: "Fredrik's number is +12453344098." },
  firstMessage: 'Text Fredrik that I am on my way.',
  tools: { allow: ['send_message_with_phone_number', 'set_cellular_service_status', 'get_cellular_service_status'] },
  reference: [
    { agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: true } }] },
    { agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK, content: 'On my way' } }] },
    { agent: 'say', content: 'Sent.' },
    { user: 'end' },
  ],
})

function onFixture(agent: RunOptions['agent'], settings: Record<string, boolean> = {}, extra: Partial<RunOptions> = {}): RunOptions {
  return { agent, user: scriptedUser([{ end: true }]), registry: fixtureRegistry, startingWorld: fixtureWorld(settings), ...extra }
}

/** Everything the run recorded, without what names the agent or measures it. */
function recorded(trajectory: Trajectory) {
  const { agent, usage, ...rest } = trajectory
  void agent
  void usage
  return rest
}

const tool = (tools: Parameters<Parameters<typeof turnAgent>[1]>[0]['tools'], name: string) => {
  const found = tools.find((candidate) => candidate.spec.tool === name)
  if (found === undefined) throw new Error(`no tool ${name}`)
  return found
}

describe('a turn-level agent is recorded like a step-level one', () => {
  test('on every built-in scenario: the same messages, traces, snapshots, turns and races as the reference agent', async () => {
    const all = builtInScenarios()
    for (const each of all) {
      const [viaTurns, viaSteps] = await Promise.all([runScenario(each, { agent: referenceTurnAgent() }), runScenario(each, { agent: referenceAgent() })])
      expect.soft(recorded(viaTurns), each.id).toEqual(recorded(viaSteps))
    }
    expect(all.length).toBe(228)
  })

  test('under all eight ToolSandbox variants (every 12th scenario): scrambled names, arguments and distraction tools', async () => {
    const sample = builtInScenarios().filter((_, index) => index % 12 === 0)
    for (const each of sample) {
      for (const variant of TOOLSANDBOX_VARIANTS) {
        const presentation = applyAugmentation(each, variant.augmentation, deviceDomain.registry)
        const [viaTurns, viaSteps] = await Promise.all([runScenario(each, { agent: referenceTurnAgent(), presentation }), runScenario(each, { agent: referenceAgent(), presentation })])
        expect.soft(recorded(viaTurns), `${each.id} / ${variant.label}`).toEqual(recorded(viaSteps))
      }
    }
  })

  test('calls started together are one parallel message; calls awaited one by one are separate messages', async () => {
    const [parallelScenario] = builtInScenarios({ ids: ['send-same-message-to-two-contacts'] })
    const together = await runScenario(parallelScenario!, { agent: referenceTurnAgent() })
    const oneByOne = await runScenario(parallelScenario!, { agent: referenceTurnAgent({ sequential: true }) })
    const callMessages = (trajectory: Trajectory) => trajectory.messages.filter((message) => message.sender === 'agent' && message.toolCalls !== undefined).map((message) => message.toolCalls!.length)
    expect(callMessages(together)).toContain(2)
    expect(callMessages(oneByOne).every((count) => count === 1)).toBe(true)
    expect(callMessages(oneByOne).length).toBe(callMessages(together).length + 1)
    expect(together.traces).toEqual(oneByOne.traces)
  })

  test('dependent calls made together race, as a step-level parallel message does, and the worst order is kept', async () => {
    const racing = turnAgent('racing', async ({ tools }) => {
      const [cellular, sent] = await Promise.all([
        tool(tools, 'set_cellular_service_status').call({ on: true }),
        tool(tools, 'send_message_with_phone_number').call({ phone_number: FREDRIK, content: 'On my way' }),
      ])
      return sent.error === undefined && cellular.error === undefined ? 'Sent.' : `Failed: ${sent.error?.message}`
    })
    const stepLevel = scriptedAgent([
      { toolCalls: [{ name: 'set_cellular_service_status', arguments: { on: true } }, { name: 'send_message_with_phone_number', arguments: { phone_number: FREDRIK, content: 'On my way' } }] },
      { content: 'Failed: cellular service is off' },
    ])
    const viaTurns = await runScenario(scenario, onFixture(racing, { cellular: false }))
    const viaSteps = await runScenario(scenario, onFixture(stepLevel, { cellular: false }))
    expect(viaTurns.races).toHaveLength(1)
    expect(viaTurns.races).toEqual(viaSteps.races)
    // The kept order runs the send first, so it fails: the traces follow that order.
    expect(viaTurns.traces.map((trace) => trace.error?.kind ?? 'ok')).toEqual(['ConnectionError', 'ok'])
    expect(viaTurns.traces).toEqual(viaSteps.traces)
    expect(recorded(viaTurns).messages.map((message) => message.content)).toEqual(recorded(viaSteps).messages.map((message) => message.content))
  })

  test('a tool error comes back as a result the framework reads, and the run goes on', async () => {
    let seen: TurnToolResult | undefined
    const agent = turnAgent('typo', async ({ tools }) => {
      seen = await tool(tools, 'send_message_with_phone_number').call({ phone: FREDRIK, content: 'hi' }, { callId: 'call_typo' })
      return 'I could not send it.'
    })
    const trajectory = await runScenario(scenario, onFixture(agent))
    expect(trajectory.status).toBe('completed')
    expect(seen).toMatchObject({ callId: 'call_typo', error: { kind: 'ArgumentError' } })
    expect(seen?.content).toBe(trajectory.messages.find((message) => message.toolResult !== undefined)?.content)
    expect(seen?.content).toMatch(/^ArgumentError: unknown argument `phone`/)
    expect(trajectory.messages.at(-3)?.content).toBe('I could not send it.')
  })

  test('playScenario takes a turn-level agent and scores it', async () => {
    const run = await playScenario(builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })[0]!, { agent: referenceTurnAgent() })
    expect(run.trajectory.agent).toBe('reference-turn')
    expect(run.evaluation?.score).toBe(1)
  })
})

describe('budget, cancellation and failures stop the agent loop', () => {
  test('when the message budget runs out mid-loop, the framework is aborted, later calls refused and the run ends at max-turns', async () => {
    let signal: AbortSignal | undefined
    let refused: unknown
    let calls = 0
    const looping = turnAgent('looping', async (input) => {
      signal = input.signal
      const status = tool(input.tools, 'get_cellular_service_status')
      try {
        for (;;) {
          await status.call({})
          calls++
        }
      } catch (error) {
        refused = error
      }
      return 'never posted'
    })
    const trajectory = await runScenario(scenario, onFixture(looping, {}, { maxTurns: 6 }))
    expect(trajectory.status).toBe('max-turns')
    expect(signal?.aborted).toBe(true)
    // Three calls and their results make six messages: the budget; the fourth call is refused.
    expect(calls).toBe(3)
    expect(trajectory.traces).toHaveLength(3)
    await new Promise((resolve) => setImmediate(resolve))
    expect(refused).toBeInstanceOf(TurnClosedError)
    expect(trajectory.messages.some((message) => message.content === 'never posted')).toBe(false)
    expect(trajectory.turns).toBe(6)
  })

  test('a framework that ignores its abort signal cannot hold the run', async () => {
    const deaf = turnAgent('deaf', async ({ tools }) => {
      for (let index = 0; index < 3; index++) await tool(tools, 'get_cellular_service_status').call({})
      return new Promise<string>(() => {})
    })
    const trajectory = await runScenario(scenario, onFixture(deaf, {}, { maxTurns: 6 }))
    expect(trajectory.status).toBe('max-turns')
  })

  test('cancelling the run aborts the loop mid-turn: status error, kind aborted, role agent', async () => {
    const controller = new AbortController()
    let agentSignal: AbortSignal | undefined
    const agent = turnAgent('slow', async ({ tools, signal }) => {
      agentSignal = signal
      await tool(tools, 'get_cellular_service_status').call({})
      controller.abort(new Error('test timed out'))
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
      throw signal.reason
    })
    const trajectory = await runScenario(scenario, onFixture(agent, {}, { signal: controller.signal }))
    expect(trajectory.status).toBe('error')
    expect(trajectory.error).toMatchObject({ kind: 'aborted', role: 'agent' })
    expect(agentSignal?.aborted).toBe(true)
    expect(trajectory.traces).toHaveLength(1)
  })

  test("an InfrastructureError from the framework keeps its kind; any other exception is the agent's own failure, with its stack", async () => {
    const limited = await runScenario(scenario, onFixture(turnAgent('limited', () => Promise.reject(new InfrastructureError('rate-limit', 'too many requests')))))
    expect(limited.status).toBe('error')
    expect(limited.error).toEqual({ culprit: 'infrastructure', kind: 'rate-limit', message: 'too many requests', role: 'agent' })
    const broken = await runScenario(scenario, onFixture(turnAgent('broken', () => Promise.reject(new TypeError('cannot read x of undefined')))))
    expect(broken.error).toMatchObject({ culprit: 'agent', kind: 'agent-threw', message: "the agent's code threw TypeError: cannot read x of undefined", role: 'agent' })
    expect(broken.error?.stack).toMatch(/^TypeError: cannot read x of undefined\n {4}at .*turn-agent\.test\.ts:\d+:\d+/)
    expect(broken.error?.stack).not.toMatch(/src[/\\](run|roles)[/\\]/)
  })

  test('a turn that ends with neither text nor { content } is the agent returning something invalid', async () => {
    const forgetful = await runScenario(scenario, onFixture(turnAgent('forgetful', async () => undefined as unknown as string)))
    expect(forgetful.error).toEqual({
      culprit: 'agent',
      kind: 'agent-invalid-reply',
      message: 'the agent returned undefined, which is not how a turn ends: return the text for the user, or { content }',
      role: 'agent',
      returned: 'undefined',
    })
    const numeric = await runScenario(scenario, onFixture(turnAgent('numeric', async () => ({ content: 42 }) as unknown as string)))
    expect(numeric.error).toMatchObject({ culprit: 'agent', kind: 'agent-invalid-reply', returned: '{"content":42}' })
  })

  test('a call the framework fires without awaiting, after its turn returned, is refused and never recorded', async () => {
    let late: Promise<unknown> | undefined
    const careless = turnAgent('careless', ({ tools }) => {
      setImmediate(() => {
        late = tool(tools, 'set_cellular_service_status').call({ on: true })
        late.catch(() => {})
      })
      return 'Done.'
    })
    const trajectory = await runScenario(scenario, onFixture(careless))
    await new Promise((resolve) => setImmediate(resolve))
    await expect(late).rejects.toBeInstanceOf(TurnClosedError)
    expect(trajectory.traces).toEqual([])
  })

  test('usage recorded during a turn is added to the run, even when the turn is cut short; none after it ended', async () => {
    const agent = turnAgent('counting', async ({ tools, recordUsage }) => {
      for (;;) {
        recordUsage({ calls: 1, promptTokens: 10, completionTokens: 2, latencyMs: 0, cachedCalls: 0 })
        await tool(tools, 'get_cellular_service_status').call({})
      }
    })
    const trajectory = await runScenario(scenario, onFixture(agent, {}, { maxTurns: 4 }))
    expect(trajectory.status).toBe('max-turns')
    expect(trajectory.usage).toMatchObject({ calls: 2, promptTokens: 20, completionTokens: 4 })
  })
})
