import fc from 'fast-check'
import { expect, test } from 'vitest'
import { toolSandboxVariant } from '../../generators/index.ts'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { describeGeneratorLaws } from './generator-laws.ts'
import { lawCases } from './law-cases.ts'

// A variant scrambles every tool at once, so a failure cannot shrink to a single change.
describeGeneratorLaws('toolSandboxVariant', lawCases, () => toolSandboxVariant(), { singlesOutOneChange: false })

test('toolSandboxVariant draws each of the eight variants', () => {
  const drawn = new Set(fc.sample(toolSandboxVariant(), { seed: 2, numRuns: 200 }))
  expect(drawn).toEqual(new Set(TOOLSANDBOX_VARIANTS.map((variant) => variant.augmentation)))
})
