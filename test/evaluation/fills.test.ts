import { describe, expect, test } from 'vitest'
import { evaluate, fillTemplate } from '../../src/evaluation/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const world = { settings: [{ wifi: true }] }
const scenarioOf = (milestones: MilestoneInput[]) => ({ milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [] })

const weatherCall = { kind: 'tool-call' as const, anyOf: [{ tool: 'search_weather' }] }
const weather = (city: string, result: Record<string, number | string>) => say.result('search_weather', { city }, [result])

/** Milestone 0: the weather was looked up; milestone 1: the agent reports it, in words filled from that result. */
const reportScenario = (content: string, values: Record<string, string>) =>
  scenarioOf([{ constraints: [weatherCall] }, { constraints: [{ kind: 'message', content, fill: { milestone: 0, values } }] }])

/**
 * Adds a milestone 2 that any agent reply satisfies and that must come no later than milestone
 * 1, so a failing milestone 1 is reported at the reply (not at the first user message) and its
 * reason is about the fill.
 */
const pinnedToReply = (scenario: ReturnType<typeof scenarioOf>) => ({
  milestones: [...scenario.milestones, milestoneSchema.parse({ constraints: [{ kind: 'message', content: '', similarity: 'contains' }] })],
  milestoneEdges: [[0, 1], [2, 1]] as [number, number][],
  minefields: [],
})

describe('values-path fills in message constraints', () => {
  const scenario = reportScenario('It is {temperature} degrees in {city} and {sky}.', {
    temperature: 'result.0.current_temperature',
    city: 'arguments.city',
    sky: 'result.0.sky',
  })

  test('paths into the result and the arguments fill the {name} placeholders', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('weather in Lyon?'),
      weather('Lyon', { current_temperature: 18.5, sky: 'cloudy' }),
      say.agent('It is 18.5 degrees in Lyon and cloudy.'),
    ])
    const result = await evaluate(trajectory, scenario)
    expect(result.score).toBe(1)
    expect(result.milestones[1]?.reason).toBe('all 2 constraints hold at message 2')
    expect(result.milestones[1]?.constraints.map((constraint) => constraint.kind)).toEqual(['message', 'guardrail'])
    expect(result.milestones[1]?.constraints[0]?.reason).toBe(
      'message 2 (agent → user): rouge-l 1.0000 for "It is 18.5 degrees in Lyon and cloudy." against "It is 18.5 degrees in Lyon and cloudy."',
    )
  })

  test('the filled values come from the matched result, so a reply with another number loses credit', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('weather in Lyon?'),
      weather('Lyon', { current_temperature: 18.5, sky: 'cloudy' }),
      say.agent('It is 21 degrees in Lyon and cloudy.'),
    ])
    const result = await evaluate(trajectory, scenario)
    // Tokens: "it is 18 5 degre in lyon and cloudi" (9) against "it is 21 degre in lyon and cloudi" (8): LCS 7.
    expect(result.milestones[1]?.similarity).toBeCloseTo((2 * 7) / (9 + 8), 12)
    expect(result.milestones[1]?.reason).toContain('against "It is 18.5 degrees in Lyon and cloudy."')
  })

  test('a path that leads nowhere leaves the placeholder unfilled: 0, and the reason says why', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('weather in Lyon?'),
      weather('Lyon', { current_temperature: 18.5 }),
      say.agent('It is 18.5 degrees in Lyon and cloudy.'),
    ])
    const result = await evaluate(trajectory, pinnedToReply(scenario))
    expect(result.milestones.map((match) => [match.messageIndex, match.similarity])).toEqual([[1, 1], [2, 0], [2, 1]])
    expect(result.milestones[1]?.reason).toBe("the target text needs values: milestone 0's message 1 (search_weather) did not provide the values")
  })

  test('a fill source that failed gives no values, and the reason says it failed', async () => {
    const requested = scenarioOf([
      { constraints: [{ ...weatherCall, on: 'requested' }] },
      { constraints: [{ kind: 'message', content: 'It is {temperature} degrees.', fill: { milestone: 0, values: { temperature: 'result.0.current_temperature' } } }] },
    ])
    const trajectory = buildTrajectory(world, [say.user('weather?'), say.failure('search_weather', { city: 'Lyon' }, 'Wi-Fi is off'), say.agent('It is 18.5 degrees.')])
    const result = await evaluate(trajectory, pinnedToReply(requested))
    expect(result.milestones.map((match) => [match.messageIndex, match.similarity])).toEqual([[1, 1], [2, 0], [2, 1]])
    expect(result.milestones[1]?.reason).toBe("the target text needs values: milestone 0's message 1 is a failed call of search_weather, which has no result to fill from")
  })

  test('values paths override an extractor of the same name; non-string values are written as JSON', async () => {
    const scenarioWithBoth = scenarioOf([
      { constraints: [weatherCall] },
      {
        constraints: [
          {
            kind: 'message',
            content: 'Readings: {result} and {sky}',
            fill: { milestone: 0, extractor: 'result', values: { sky: 'result.0.sky' } },
          },
        ],
      },
    ])
    const trajectory = buildTrajectory(world, [say.user('weather?'), weather('Lyon', { sky: 'clear' }), say.agent('Readings: [{"sky":"clear"}] and clear')])
    const result = await evaluate(trajectory, scenarioWithBoth)
    expect(result.score).toBe(1)
    expect(result.milestones[1]?.constraints[0]?.reason).toContain('against "Readings: [{\\"sky\\":\\"clear\\"}] and clear"')
  })

  test('the fill reads the message where its milestone matched, not any earlier result', async () => {
    // Two lookups; the milestone asks for Paris, so the Paris result fills the reply.
    const scenarioForParis = scenarioOf([
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_weather', arguments: { city: 'Paris' } }] }] },
      { constraints: [{ kind: 'message', content: 'It is {temperature} degrees.', fill: { milestone: 0, values: { temperature: 'result.0.current_temperature' } } }] },
    ])
    const trajectory = buildTrajectory(world, [
      say.user('weather in Paris?'),
      weather('Lyon', { current_temperature: 18.5 }),
      weather('Paris', { current_temperature: 16 }),
      say.agent('It is 16 degrees.'),
    ])
    const result = await evaluate(trajectory, scenarioForParis)
    expect(result.score).toBe(1)
    expect(result.milestones.map((match) => match.messageIndex)).toEqual([2, 3])
  })
})

describe('values-path fills in tool-call constraints', () => {
  // Milestone 2 (any send) must come no later than milestone 1, which pins a failing milestone 1
  // to the send, where its reason is about the arguments.
  const scenario = {
    ...scenarioOf([
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'search_contacts', arguments: { name: 'Ana' } }] }] },
      {
        constraints: [
          {
            kind: 'tool-call',
            anyOf: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: { $fill: 'phone' } } }],
            fill: { milestone: 0, values: { phone: 'result.0.phone_number' } },
          },
        ],
      },
      { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'send_message_with_phone_number' }] }] },
    ]),
    milestoneEdges: [[0, 1], [2, 1]] as [number, number][],
  }
  const search = say.result('search_contacts', { name: 'Ana' }, [{ person_id: 'p1', name: 'Ana', phone_number: '+15550001' }])
  const send = (phone: string) => say.result('send_message_with_phone_number', { phone_number: phone, content: 'hi' }, 'm1')

  test('an argument placeholder takes the value at the path', async () => {
    const result = await evaluate(buildTrajectory(world, [say.user('text Ana'), search, send('+15550001')]), scenario)
    expect(result.score).toBe(1)
    expect(result.milestones[1]?.constraints[0]?.reason).toBe('message 2: send_message_with_phone_number called as expected')
  })

  test('a different number scores 0 and the reason shows the filled value', async () => {
    const result = await evaluate(buildTrajectory(world, [say.user('text Ana'), search, send('+15550009')]), scenario)
    expect(result.milestones.map((match) => match.similarity)).toEqual([1, 0, 1])
    expect(result.milestones[1]?.reason).toBe('message 2: send_message_with_phone_number: argument phone_number: expected "+15550001", found "+15550009"')
  })

  test('when the source result lacks the path, the reason names the placeholder and why it is empty', async () => {
    const emptySearch = say.result('search_contacts', { name: 'Ana' }, [])
    const result = await evaluate(buildTrajectory(world, [say.user('text Ana'), emptySearch, send('+15550001')]), scenario)
    expect(result.milestones.map((match) => match.similarity)).toEqual([1, 0, 1])
    expect(result.milestones[1]?.reason).toBe(
      "message 2: send_message_with_phone_number: argument phone_number: expected a value filled from an earlier result (phone), found \"+15550001\"; milestone 0's message 1 (search_contacts) did not provide the values",
    )
  })
})

describe('fillTemplate', () => {
  test('fills simple names, writes other values as JSON and leaves other braces alone', () => {
    expect(fillTemplate('{a} and {b_2} but not {0}, { a } or {a.b}', { a: 'x', b_2: 12.5 })).toEqual({ value: 'x and 12.5 but not {0}, { a } or {a.b}', missing: [] })
    expect(fillTemplate('{a}{missing}', { a: [1, 'two'] })).toEqual({ value: '[1,"two"]{missing}', missing: ['missing'] })
  })
})
