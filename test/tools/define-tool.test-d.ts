// Type tests, checked by `tsc --noEmit` (npm test): the authoring helpers infer from their inputs.
import type fc from 'fast-check'
import { expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import { augmentation, scrambledDescriptions } from '../../generators/index.ts'
import type { Augmentation } from '../../src/augmentation/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import type { ToolDefinition } from '../../src/tools/index.ts'
import { defineTool } from '../../src/tools/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

test('defineTool types execute from the zod schema, and its result as JSON', () => {
  const tool = defineTool({
    name: 'set_volume',
    group: 'settings',
    description: 'Sets the volume.',
    args: z.object({ level: z.number().describe('0 to 100'), mute: z.boolean().optional().describe('mute as well') }),
    returns: 'the new level',
    action: true,
    execute: (args) => {
      expectTypeOf(args.level).toEqualTypeOf<number>()
      expectTypeOf(args.mute).toEqualTypeOf<boolean | undefined>()
      return args.level
    },
  })
  expectTypeOf(tool).toExtend<ToolDefinition>()
  defineTool({
    name: 'bad',
    group: 'settings',
    description: 'Returns something that is not JSON.',
    args: z.object({}),
    returns: 'nothing useful',
    action: false,
    // @ts-expect-error a tool's result must be JSON
    execute: () => new Map<string, number>(),
  })
  expectTypeOf<ReturnType<typeof tool.execute>>().toExtend<JsonValue | Promise<JsonValue>>()
})

test('defineScenario takes what an author writes and returns a validated scenario', () => {
  const scenario = defineScenario({
    id: 'typed',
    categories: ['SINGLE_TOOL_CALL'],
    user: { goal: 'Switch Wi-Fi on.', knowledge: 'Nothing else.' },
    firstMessage: 'Wi-Fi on, please.',
    tools: { allow: ['set_wifi_status'] },
    reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] }, { user: 'end' }],
  })
  expectTypeOf(scenario).toEqualTypeOf<Scenario>()
  // Defaults are filled in: the validated scenario always has these.
  expectTypeOf(scenario.maxTurns).toEqualTypeOf<number>()
  expectTypeOf(scenario.milestones).toBeArray()
  // Categories are ToolSandbox's seven or labels of one's own.
  defineScenario({ ...scenario, categories: ['STATE_DEPENDENCY', 'bank-transfers'] })
})

declare const someScenario: Scenario

test('generators are arbitraries of augmentations', () => {
  const scenario = someScenario
  expectTypeOf(augmentation({ scenario })).toEqualTypeOf<fc.Arbitrary<Augmentation>>()
  expectTypeOf(scrambledDescriptions({ scenario })).toExtend<fc.Arbitrary<unknown>>()
})
