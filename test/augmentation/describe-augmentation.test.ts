import { describe, expect, test } from 'vitest'
import { augmentationKind, defineAugmentation, describeAugmentation, PLAIN_AUGMENTATION, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'

describe('describeAugmentation', () => {
  test('says the plain augmentation changes nothing', () => {
    expect(describeAugmentation(PLAIN_AUGMENTATION)).toBe('no augmentation')
    expect(augmentationKind(PLAIN_AUGMENTATION)).toBe('none')
  })

  test('names each changed tool, the most specific change first', () => {
    const augmentation = defineAugmentation({ distractionTools: 3, removedDescriptions: ['send_message_with_phone_number'] })
    expect(describeAugmentation(augmentation)).toBe('description of send_message_with_phone_number removed; 3 distraction tools')
    expect(augmentationKind(augmentation)).toBe('3 distraction tools, tool descriptions removed')
  })

  test('covers every field', () => {
    const augmentation = defineAugmentation({
      distractionTools: 'all',
      scrambledNames: ['a'],
      removedDescriptions: 'all',
      removedArgumentDescriptions: ['b', 'c'],
      removedArgumentTypes: ['d'],
      renamedArguments: ['e'],
      paraphrase: 1,
    })
    expect(describeAugmentation(augmentation)).toBe(
      'name of a scrambled; all tool descriptions removed; argument descriptions of b, c removed; argument types of d removed; arguments of e renamed; all other tools added as distractions; first message replaced by paraphrase 1',
    )
    expect(augmentationKind(augmentation)).toBe(
      'all tools, tool names scrambled, tool descriptions removed, argument descriptions removed, argument types removed, arguments renamed, paraphrased',
    )
    expect(describeAugmentation(defineAugmentation({ paraphrase: 'hi there' }))).toBe('first message replaced by "hi there"')
  })
})

describe('TOOLSANDBOX_VARIANTS', () => {
  test('are the eight columns of ToolSandbox’s table, with stable labels', () => {
    expect(TOOLSANDBOX_VARIANTS.map((variant) => variant.label)).toEqual([
      'none',
      '3 distraction tools',
      '10 distraction tools',
      'all tools',
      '3 distraction tools, tool names scrambled',
      '3 distraction tools, tool descriptions removed',
      '3 distraction tools, argument descriptions removed',
      '3 distraction tools, argument types removed',
    ])
    for (const variant of TOOLSANDBOX_VARIANTS) expect(augmentationKind(variant.augmentation)).toBe(variant.label)
    // JSON-serialisable: survives a round trip unchanged.
    expect(JSON.parse(JSON.stringify(TOOLSANDBOX_VARIANTS))).toEqual(TOOLSANDBOX_VARIANTS)
  })
})
