import { describe, expect, test } from 'vitest'
import {
  applyAugmentation,
  AugmentationError,
  defineAugmentation,
  plainPresentation,
  PLAIN_AUGMENTATION,
} from '../../src/augmentation/index.ts'
import { z } from 'zod'
import { defineTool } from '../../src/tools/define-tool.ts'
import { createRegistry } from '../../src/tools/tool-registry.ts'
import { fixtureRegistry, fixtureScenario, fixtureTools } from './fixture-tools.ts'

const names = (presentation: { tools: readonly { name: string }[] }) => presentation.tools.map((tool) => tool.name)

describe('applyAugmentation', () => {
  test('the plain presentation shows the allowed tools in the registry’s order, without the user-only tool', () => {
    const presentation = plainPresentation(fixtureScenario, fixtureRegistry)
    expect(presentation.label).toBe('none')
    expect(names(presentation)).toEqual(['send_message_with_phone_number', 'search_messages'])
    expect(presentation.firstMessage).toBe(fixtureScenario.firstMessage)
    const send = presentation.tools[0]
    expect(send?.tool).toBe('send_message_with_phone_number')
    expect(send?.description).toContain('Sends a text message')
    expect(send?.parameters).toMatchObject({ type: 'object', properties: { phone_number: { type: 'string', description: 'The recipient phone number.' } } })
  })

  test('distraction tools come from the allowed groups first, then by WRatio; a denied one keeps its place empty; all mix in by registry order', () => {
    const one = applyAugmentation(fixtureScenario, defineAugmentation({ distractionTools: 1 }), fixtureRegistry)
    // No messaging tool is left to add, so WRatio decides: search_contacts is closest to search_messages.
    expect(names(one)).toEqual(['send_message_with_phone_number', 'search_messages', 'search_contacts'])
    // The second is add_contact, which the scenario denies: as in ToolSandbox, it is not replaced.
    const two = applyAugmentation(fixtureScenario, defineAugmentation({ distractionTools: 2 }), fixtureRegistry)
    expect(names(two)).toEqual(names(one))
    const three = applyAugmentation(fixtureScenario, defineAugmentation({ distractionTools: 3 }), fixtureRegistry)
    expect(names(three)).toEqual([...names(one), 'get_cellular_service_status'])
    const all = applyAugmentation(fixtureScenario, defineAugmentation({ distractionTools: 'all' }), fixtureRegistry)
    expect(names(all)).toEqual([
      'send_message_with_phone_number',
      'search_messages',
      'search_contacts',
      'get_wifi_status',
      'set_wifi_status',
      'get_cellular_service_status',
    ])
    expect(names(all)).not.toContain('add_contact')
    expect(names(all)).not.toContain('end_conversation')
    const many = applyAugmentation(fixtureScenario, defineAugmentation({ distractionTools: 50 }), fixtureRegistry)
    expect(names(many)).toEqual(names(all))
  })

  test('scrambled names are <domain>_<k>, numbered per domain by real name, and keep the real tool', () => {
    const presentation = applyAugmentation(fixtureScenario, defineAugmentation({ scrambledNames: ['send_message_with_phone_number'] }), fixtureRegistry)
    const send = presentation.tools.find((spec) => spec.tool === 'send_message_with_phone_number')
    expect(send?.name).toBe('messaging_1')
    expect(presentation.tools.find((spec) => spec.tool === 'search_messages')?.name).toBe('search_messages')
  })

  test('removing a description empties only that tool’s description; a tool without arguments keeps its own', () => {
    const presentation = applyAugmentation(fixtureScenario, defineAugmentation({ removedDescriptions: ['search_messages'] }), fixtureRegistry)
    const plain = plainPresentation(fixtureScenario, fixtureRegistry)
    expect(presentation.tools[1]?.description).toBe('')
    expect(presentation.tools[0]).toEqual(plain.tools[0])
    expect(presentation.tools[1]?.parameters).toEqual(plain.tools[1]?.parameters)
    // As in ToolSandbox, which cuts the text before a tool's argument list: an argument-less tool has none.
    const scenario = { ...fixtureScenario, tools: { allow: ['get_wifi_status', 'search_messages'], deny: [] } }
    const everything = applyAugmentation(scenario, defineAugmentation({ removedDescriptions: 'all' }), fixtureRegistry)
    expect(everything.tools.map((spec) => [spec.tool, spec.description === ''])).toEqual([
      ['search_messages', true],
      ['get_wifi_status', false],
    ])
  })

  test('removing argument descriptions keeps the types; removing types keeps descriptions and marks the spec', () => {
    const noDescriptions = applyAugmentation(fixtureScenario, defineAugmentation({ removedArgumentDescriptions: 'all' }), fixtureRegistry)
    expect(noDescriptions.tools[0]?.parameters).toMatchObject({ properties: { phone_number: { type: 'string' } } })
    expect(JSON.stringify(noDescriptions.tools[0]?.parameters)).not.toContain('description')
    const noTypes = applyAugmentation(fixtureScenario, defineAugmentation({ removedArgumentTypes: ['send_message_with_phone_number'] }), fixtureRegistry)
    const send = noTypes.tools[0]
    expect(send?.typesHidden).toBe(true)
    expect(send?.parameters).toMatchObject({ properties: { phone_number: { description: 'The recipient phone number.' }, content: { description: 'The text of the message.' } } })
    expect(JSON.stringify(send?.parameters.properties)).not.toContain('"type"')
    expect(noTypes.tools[1]?.typesHidden).toBeUndefined()
  })

  test('renamed arguments are arg_0, arg_1 in schema order, mapped back, with `required` renamed too', () => {
    const presentation = applyAugmentation(fixtureScenario, defineAugmentation({ renamedArguments: ['send_message_with_phone_number'] }), fixtureRegistry)
    const send = presentation.tools[0]
    expect(send?.argumentNames).toEqual({ arg_0: 'phone_number', arg_1: 'content' })
    expect(Object.keys(send?.parameters.properties as object)).toEqual(['arg_0', 'arg_1'])
    expect(send?.parameters.required).toEqual(['arg_0', 'arg_1'])
  })

  test('a paraphrase replaces the first message; a missing one is an error that says how many exist', () => {
    expect(applyAugmentation(fixtureScenario, defineAugmentation({ paraphrase: 0 }), fixtureRegistry).firstMessage).toBe('Send hello to 555-0100.')
    expect(applyAugmentation(fixtureScenario, defineAugmentation({ paraphrase: 'Yo, text 555-0100 hi' }), fixtureRegistry).firstMessage).toBe('Yo, text 555-0100 hi')
    expect(() => applyAugmentation(fixtureScenario, defineAugmentation({ paraphrase: 3 }), fixtureRegistry)).toThrow(/paraphrase 3 does not exist; it has 1 \(0 to 0\)/)
  })

  test('naming a tool the agent is not shown is an error listing the tools shown', () => {
    const attempt = () => applyAugmentation(fixtureScenario, defineAugmentation({ removedDescriptions: ['get_wifi_status'] }), fixtureRegistry)
    expect(attempt).toThrow(AugmentationError)
    expect(attempt).toThrow(/removedDescriptions names get_wifi_status, which the agent is not shown; the tools shown are send_message_with_phone_number, search_messages/)
  })

  test('an allowed tool missing from the registry is an error with suggestions', () => {
    const scenario = { ...fixtureScenario, tools: { allow: ['send_message'], deny: [] } }
    expect(() => applyAugmentation(scenario, PLAIN_AUGMENTATION, fixtureRegistry)).toThrow(/not registered: send_message \(did you mean send_message_with_phone_number/)
  })

  test('is deterministic and leaves its inputs unchanged', () => {
    const augmentation = defineAugmentation({ distractionTools: 3, scrambledNames: 'all', removedArgumentTypes: 'all', renamedArguments: 'all' })
    const before = JSON.stringify(augmentation)
    const first = applyAugmentation(fixtureScenario, augmentation, fixtureRegistry)
    const second = applyAugmentation(fixtureScenario, augmentation, fixtureRegistry)
    expect(second).toEqual(first)
    expect(JSON.stringify(augmentation)).toBe(before)
    expect(plainPresentation(fixtureScenario, fixtureRegistry).tools[0]?.parameters).toMatchObject({ properties: { phone_number: { type: 'string' } } })
  })
})

test('a scrambled name that equals another shown tool’s real name is an error naming both', () => {
  const clash = defineTool({ name: 'messaging_1', group: 'odd', description: 'Named like a scrambled tool.', args: z.object({}), returns: 'nothing', action: false, execute: () => null })
  const registry = createRegistry([...fixtureTools, clash])
  const scenario = { ...fixtureScenario, tools: { allow: ['send_message_with_phone_number', 'messaging_1'], deny: [] } }
  expect(() => applyAugmentation(scenario, defineAugmentation({ scrambledNames: ['send_message_with_phone_number'] }), registry)).toThrow(
    /two tools would be shown under one name \(messaging_1: send_message_with_phone_number, messaging_1\)/,
  )
})
