import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { sweepFailureMessage } from 'vitest-toolcheck/vitest'
import { ROBUSTNESS_VARIANTS } from '../../src/augmentation/index.ts'
import { draftSweeps } from '../../examples/bank/robustness-sweeps.ts'
import { blocks } from './doc-blocks.ts'

/**
 * docs/robustness.md is checked block by block, as docs/domains.md is: each fenced block carries a
 * marker on the line before it. `excerpt:` blocks appear in their file word for word, `shrunk:`
 * blocks are lines of the failure message the worked example's sweep of that family gives, and
 * `sketch` and `command` blocks are illustrations.
 */
const document = readFileSync(new URL('../../docs/robustness.md', import.meta.url), 'utf8')

const all = blocks(document, 'docs/robustness.md')

describe('docs/robustness.md', () => {
  test('every block is marked', () => {
    expect(all.filter((block) => !/^(excerpt: .+|shrunk: \w+|sketch|command)$/.test(block.marker)).map((block) => `line ${block.line}: ${block.marker || '(no marker)'}`)).toEqual([])
  })

  test.for(all.filter((block) => block.marker.startsWith('excerpt: ')).map((block) => [`line ${block.line}`, block] as const))('%s is in its file', ([, block]) => {
    const path = block.marker.slice('excerpt: '.length)
    expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')).toContain(block.text)
  })

  test.for(all.filter((block) => block.marker.startsWith('shrunk: ')).map((block) => [block.marker, block] as const))('%s is what the sweep says', async ([, block]) => {
    const family = block.marker.slice('shrunk: '.length) as keyof typeof draftSweeps
    const message = sweepFailureMessage(await draftSweeps[family]())
    for (const line of block.text.split('\n')) expect(message.split('\n')).toContain(line)
  })

  test('the preset it describes is the one the package has', () => {
    expect(document).toContain(`the plain run and fifteen named variants`)
    expect(ROBUSTNESS_VARIANTS).toHaveLength(16)
    for (const variant of ROBUSTNESS_VARIANTS.slice(1)) expect(document).toContain(`\`${variant.label}\``)
  })
})
