import { describe, expect, test } from 'vitest'
import { AUGMENTATION_COLUMNS, augmentationColumns, currentAugmentationLabel, defineAugmentation, labelColumns, PLAIN_AUGMENTATION, SCRAMBLE_COLUMNS, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'

describe('augmentationColumns', () => {
  test('gives each of the eight ToolSandbox variants its own column of table 5, in the table’s order', () => {
    expect(TOOLSANDBOX_VARIANTS.map((variant) => augmentationColumns(variant.augmentation))).toEqual([
      ['none'],
      ['3 distraction tools'],
      ['10 distraction tools'],
      ['all tools'],
      ['tool names scrambled'],
      ['tool descriptions removed'],
      ['argument descriptions removed'],
      ['argument types removed'],
    ])
    expect(AUGMENTATION_COLUMNS.slice(0, 8)).toEqual(TOOLSANDBOX_VARIANTS.map((variant) => augmentationColumns(variant.augmentation)[0]))
  })

  test('puts the plain augmentation under none', () => {
    expect(augmentationColumns(PLAIN_AUGMENTATION)).toEqual(['none'])
  })

  test('counts a combined augmentation under every scramble it contains, not under its distraction count', () => {
    const combined = defineAugmentation({ distractionTools: 'all', scrambledNames: ['set_wifi_status'], removedArgumentTypes: 'all', renamedArguments: ['get_wifi_status'] })
    expect(augmentationColumns(combined)).toEqual(['tool names scrambled', 'argument types removed', 'arguments renamed'])
    expect(augmentationColumns(defineAugmentation({ removedDescriptions: ['set_wifi_status'] }))).toEqual(['tool descriptions removed'])
  })

  test('names other distraction counts by their number', () => {
    expect(augmentationColumns(defineAugmentation({ distractionTools: 5 }))).toEqual(['5 distraction tools'])
    expect(augmentationColumns(defineAugmentation({ distractionTools: 1 }))).toEqual(['1 distraction tool'])
  })

  test('a paraphrased first message counts under paraphrased, never under none or a distraction column', () => {
    expect(augmentationColumns(defineAugmentation({ paraphrase: 0 }))).toEqual(['paraphrased'])
    expect(augmentationColumns(defineAugmentation({ distractionTools: 10, paraphrase: 'Switch the Wi-Fi on, please.' }))).toEqual(['paraphrased'])
    expect(augmentationColumns(defineAugmentation({ distractionTools: 3, removedArgumentDescriptions: 'all', paraphrase: 1 }))).toEqual([
      'argument descriptions removed',
      'paraphrased',
    ])
  })

  test('lists its columns in AUGMENTATION_COLUMNS order', () => {
    const everything = defineAugmentation({
      distractionTools: 3,
      scrambledNames: 'all',
      removedDescriptions: 'all',
      removedArgumentDescriptions: 'all',
      removedArgumentTypes: 'all',
      renamedArguments: 'all',
      paraphrase: 0,
    })
    expect(augmentationColumns(everything)).toEqual(AUGMENTATION_COLUMNS.slice(4))
  })

  test('labels say what was done; an older report\'s "scrambled" descriptions and types read as today\'s "removed"', () => {
    expect(SCRAMBLE_COLUMNS).toMatchObject({ removedDescriptions: 'tool descriptions removed', removedArgumentDescriptions: 'argument descriptions removed', removedArgumentTypes: 'argument types removed' })
    expect(currentAugmentationLabel('3 distraction tools + tool descriptions scrambled')).toBe('3 distraction tools, tool descriptions removed')
    expect(currentAugmentationLabel('3 distraction tools, argument types scrambled')).toBe('3 distraction tools, argument types removed')
    expect(currentAugmentationLabel('argument types scrambled')).toBe('argument types removed')
    expect(currentAugmentationLabel('all tools + tool names scrambled + paraphrased')).toBe('all tools, tool names scrambled, paraphrased')
    expect(currentAugmentationLabel('3 distraction tools, tool names scrambled')).toBe('3 distraction tools, tool names scrambled')
    // Every label toolcheck writes today is its own current label; hand-made ones stay as they are.
    for (const variant of TOOLSANDBOX_VARIANTS) expect(currentAugmentationLabel(variant.label)).toBe(variant.label)
    expect(currentAugmentationLabel('my descriptions scrambled')).toBe('my descriptions scrambled')
    expect(currentAugmentationLabel('mine + yours')).toBe('mine + yours')
  })

  test('a run known only by its label counts under that label', () => {
    expect(labelColumns('none')).toEqual(['none'])
    expect(labelColumns('hand-made tool set')).toEqual(['hand-made tool set'])
  })
})
