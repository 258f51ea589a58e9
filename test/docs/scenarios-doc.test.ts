import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { applyAugmentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import type { ScenarioInput } from '../../src/scenario/index.ts'
import { constraintSchema, defineScenario, milestoneSchema, ScenarioError } from '../../src/scenario/index.ts'
import { createRegistry } from '../../src/tools/index.ts'
import { leakyUser, neverAsks } from '../toolsandbox/never-asks.ts'

/** What a JSON block of the document is, from the HTML comment on the line before it. */
type BlockKind = 'scenario' | 'milestone' | 'constraint'

interface JsonBlock {
  readonly line: number
  readonly kind: BlockKind | undefined
  readonly text: string
}

const registry = createRegistry(deviceTools)
const document = readFileSync(new URL('../../docs/scenarios.md', import.meta.url), 'utf8')

/**
 * Every ```json block with the kind its marker names: the last non-blank line before the fence
 * must be `<!-- scenario -->`, `<!-- milestone -->` or `<!-- constraint -->`.
 */
function jsonBlocks(markdown: string): JsonBlock[] {
  const lines = markdown.split('\n')
  const blocks: JsonBlock[] = []
  for (let at = 0; at < lines.length; at++) {
    if ((lines[at] as string).trim() !== '```json') continue
    let before = at - 1
    while (before >= 0 && (lines[before] as string).trim() === '') before--
    const marker = /^<!--\s*(scenario|milestone|constraint)\s*-->$/.exec((lines[before] ?? '').trim())
    const end = lines.findIndex((line, index) => index > at && line.trim() === '```')
    if (end < 0) throw new Error(`docs/scenarios.md: the json block at line ${at + 1} is not closed`)
    blocks.push({ line: at + 1, kind: marker?.[1] as BlockKind | undefined, text: lines.slice(at + 1, end).join('\n') })
    at = end
  }
  return blocks
}

const blocks = jsonBlocks(document)
const label = (block: JsonBlock) => `line ${block.line}`
const parse = (block: JsonBlock): unknown => JSON.parse(block.text)

describe('docs/scenarios.md', () => {
  test('has json examples of each kind, and every json block is marked', () => {
    const unmarked = blocks.filter((block) => block.kind === undefined).map(label)
    expect(unmarked, 'json blocks without a <!-- scenario | milestone | constraint --> marker').toEqual([])
    for (const kind of ['scenario', 'milestone', 'constraint'] as const) expect(blocks.some((block) => block.kind === kind), kind).toBe(true)
  })

  test('every fenced code block is closed and only json, ts, sh and text fences are used', () => {
    const fences = document.split('\n').filter((line) => line.startsWith('```'))
    expect(fences.length % 2).toBe(0)
    for (const [position, fence] of fences.entries()) if (position % 2 === 0) expect(['```json', '```ts', '```sh', '```text']).toContain(fence)
  })

  test.for(blocks.filter((block) => block.kind === 'constraint').map((block) => [label(block), block] as const))('constraint at %s is valid', ([, block]) => {
    const parsed = constraintSchema.safeParse(parse(block))
    expect(parsed.success, parsed.error?.message).toBe(true)
  })

  test.for(blocks.filter((block) => block.kind === 'milestone').map((block) => [label(block), block] as const))('milestone at %s is valid', ([, block]) => {
    const parsed = milestoneSchema.safeParse(parse(block))
    expect(parsed.success, parsed.error?.message).toBe(true)
  })

  test.for(blocks.filter((block) => block.kind === 'scenario').map((block) => [label(block), block] as const))(
    'scenario at %s is valid and its reference solution scores 1 in all eight variants',
    async ([, block]) => {
      const scenario = defineScenario(parse(block) as ScenarioInput, `docs/scenarios.md ${label(block)}`)
      for (const variant of TOOLSANDBOX_VARIANTS) {
        const presentation = applyAugmentation(scenario, variant.augmentation, registry)
        const trajectory = await runScenario(scenario, { agent: referenceAgent(), presentation, registry })
        expect(trajectory.status, `${variant.label}: ${trajectory.error?.message ?? ''}`).toBe('completed')
        const failedCalls = trajectory.traces.filter((trace) => trace.error !== undefined).map((trace) => `${trace.tool}: ${trace.error?.message}`)
        expect(failedCalls, variant.label).toEqual([])
        const result = await evaluate(trajectory, scenario)
        const missed = result.milestones.filter((match) => match.similarity < 1).map((match) => `milestone ${match.index}: ${match.reason}`)
        const fired = result.minefields.filter((match) => match.similarity > 0).map((match) => `minefield ${match.index}: ${match.reason}`)
        expect(result.score, [variant.label, ...missed, ...fired].join('\n')).toBe(1)
      }
    },
  )

  test('the scenarios whose user holds a fact back fail an agent that never asks for it, and pass it only with a user that tells anyway', async () => {
    const asking = blocks
      .filter((block) => block.kind === 'scenario')
      .map((block) => defineScenario(parse(block) as ScenarioInput, `docs/scenarios.md ${label(block)}`))
      .filter((scenario) => scenario.reference.some((step) => 'answers' in step && step.answers !== undefined))
    expect(asking.map((scenario) => scenario.id)).toEqual(['doc-ask-for-hectors-number'])
    for (const scenario of asking) {
      expect((await evaluate(await runScenario(scenario, { agent: neverAsks(scenario) }), scenario)).score).toBe(0)
      expect((await evaluate(await runScenario(scenario, { agent: neverAsks(scenario), user: leakyUser(scenario) }), scenario)).score).toBe(1)
    }
  })

  test('the quoted validation error is the one defineScenario gives', () => {
    const block = blocks.find((candidate) => candidate.kind === 'scenario' && candidate.text.includes('"doc-send-to-sam-without-contact-search"'))
    if (block === undefined) throw new Error('the insufficient-information example is missing')
    const input = parse(block) as ScenarioInput & { milestones: { constraints: unknown[] }[]; reference: unknown[] }
    const milestone = input.milestones[0]
    if (milestone === undefined) throw new Error('the example has no milestone')
    milestone.constraints.unshift({ kind: 'tool-call', anyOf: [{ tool: 'search_contacts' }] })
    input.reference.unshift({ agent: 'call', calls: [{ tool: 'search_contacts', arguments: { name: 'Sam' } }] })
    const quoted = /<!-- error of doc-send-to-sam[^\n]*-->\n```text\n([\s\S]*?)\n```/.exec(document)?.[1]
    expect(quoted).toBeDefined()
    expect(() => defineScenario(input)).toThrow(ScenarioError)
    expect(() => defineScenario(input)).toThrow(quoted)
  })
})
