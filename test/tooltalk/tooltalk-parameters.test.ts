import { describe, expect, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import { createEvent } from '../../scenarios/tooltalk/domain/calendar-tools.ts'
import { pythonParameters, ToolTalkSimulator, toolTalkTools, toolTalkWorld } from '../../scenarios/tooltalk/domain/index.ts'
import type { ToolTalkTool } from '../../scenarios/tooltalk/domain/index.ts'
import { presentTool } from '../../src/tools/index.ts'
import type { ToolDefinition } from '../../src/tools/index.ts'
import { packagesLoadedBy } from '../startup/loaded-packages.ts'

describe('ToolTalk tools declare their parameters; args is made of them when first read', () => {
  test('args is the strict zod object of the parameters, in their order, each with its description', () => {
    for (const tool of toolTalkTools) {
      const shape = tool.args.shape as Record<string, z.ZodType>
      expect(Object.keys(shape), tool.name).toEqual(Object.keys(tool.parameters))
      for (const [name, declared] of Object.entries(tool.parameters)) {
        const field = shape[name] as z.ZodType
        expect(field.description, `${tool.name}.${name}`).toBe(declared.description)
        expect(field.safeParse(undefined).success, `${tool.name}.${name}`).toBe(!declared.required)
        expect(field.safeParse(declared.type === 'array' ? ['a'] : 'a').success, `${tool.name}.${name}`).toBe(true)
        expect(field.safeParse(declared.type === 'array' ? 'a' : ['a']).success, `${tool.name}.${name}`).toBe(false)
      }
      expect(tool.args.safeParse({ not_a_parameter: 'x' }).success, tool.name).toBe(false)
      // Made once: every read gives the same schema (toolJsonSchema caches by tool).
      expect(tool.args).toBe(tool.args)
      expect(pythonParameters(tool)).toEqual(Object.entries(tool.parameters).map(([name, declared]) => ({ name, required: declared.required })))
    }
  })

  test('a model sees a tool as before: required texts, optional texts and an optional list', () => {
    expect(presentTool(createEvent).parameters).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'What the event is called.' },
        event_type: { type: 'string', description: 'Either "meeting" or "event".' },
        start_time: { type: 'string', description: 'When it starts, as YYYY-MM-DD HH:MM:SS.' },
        end_time: { type: 'string', description: 'When it ends, as YYYY-MM-DD HH:MM:SS.' },
        description: { type: 'string', description: 'Details about the event, at most 1024 characters.' },
        location: { type: 'string', description: 'Where it takes place.' },
        attendees: { type: 'array', items: { type: 'string' }, description: 'Usernames of the people invited; a meeting needs at least one.' },
      },
      required: ['name', 'event_type', 'start_time', 'end_time'],
      additionalProperties: false,
    })
  })

  test('the types: args is typed by the parameters, and a ToolTalk tool is a toolcheck tool', () => {
    expectTypeOf(createEvent.args.shape.name).toEqualTypeOf<z.ZodString>()
    expectTypeOf(createEvent.args.shape.location).toEqualTypeOf<z.ZodOptional<z.ZodString>>()
    expectTypeOf(createEvent.args.shape.attendees).toEqualTypeOf<z.ZodOptional<z.ZodArray<z.ZodString>>>()
    expectTypeOf(createEvent).toExtend<ToolTalkTool>()
    expectTypeOf(createEvent).toExtend<ToolDefinition>()
  })

  test('strict argument handling reads args and names what is wrong', () => {
    const world = toolTalkWorld({ Account: { alice: { username: 'alice', password: 'pw', session_token: null } } })
    const simulator = new ToolTalkSimulator({ world, timestamp: '2023-09-11 13:00:00', argumentHandling: 'strict' })
    expect(simulator.execute('UserLogin', { username: 'alice', password: 'pw' }).exception).toBeNull()
    expect(simulator.execute('AddAlarm', { time: 630 }).exception).toMatch(/^AddAlarm: argument time: .* \(it takes time\)$/)
  })

  test('running tools ToolTalk\'s way loads no zod; reading a tool\'s args does', async () => {
    const run = `
      const { ToolTalkSimulator, toolTalkTools, toolTalkWorld } = await import('./scenarios/tooltalk/domain/index.ts')
      const world = toolTalkWorld({ Account: { alice: { username: 'alice', password: 'pw', session_token: null } } })
      const simulator = new ToolTalkSimulator({ world, timestamp: '2023-09-11 13:00:00' })
      if (simulator.execute('UserLogin', { username: 'alice', password: 'pw' }).exception !== null) throw new Error('no login')
      if (simulator.execute('AddAlarm', { time: '06:30:00' }).exception !== null) throw new Error('no alarm')
      if (!simulator.execute('AddAlarm', {}).exception?.includes("missing 1 required positional argument: 'time'")) throw new Error('no TypeError')
    `
    expect(await packagesLoadedBy(run)).toEqual([])
    expect(await packagesLoadedBy(`${run}\ntoolTalkTools[0].args`)).toEqual(['zod'])
  })
})
