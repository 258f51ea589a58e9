import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import type { ReferenceStep, Scenario } from '../../src/scenario/index.ts'
import { defineScenario, allowedTools } from '../../src/scenario/index.ts'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { EXTRA_PEOPLE, PEOPLE } from '../../scenarios/toolsandbox/corpus/people.ts'

const ACTIONS = new Set(deviceTools.filter((tool) => tool.action).map((tool) => tool.name))
/** Harmless reads an agent might make first, each with arguments it can always give. */
const READS: readonly { tool: string; arguments: Record<string, string | boolean> }[] = [
  ...['get_wifi_status', 'get_cellular_service_status', 'get_location_service_status', 'get_low_battery_mode_status', 'get_current_timestamp'].map((tool) => ({ tool, arguments: {} })),
  { tool: 'search_contacts', arguments: { is_self: true } },
  { tool: 'search_messages', arguments: { content: 'hello' } },
]
const LAST_NAMES = Object.values({ ...PEOPLE, ...EXTRA_PEOPLE }).map((person) => person.name.split(' ').at(-1) as string)
const readFor = (scenario: Scenario) => READS.find((read) => allowedTools(scenario).includes(read.tool))

function remap(value: unknown, map: (step: number) => number): unknown {
  if (Array.isArray(value)) return value.map((item) => remap(item, map))
  if (value !== null && typeof value === 'object') {
    if ('$ref' in value) { const ref = (value as { $ref: { step: number } }).$ref; return { $ref: { ...ref, step: map(ref.step) } } }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remap(v, map)]))
  }
  return value
}
/** Inserts steps before some original steps, renumbering $refs. */
function insertBefore(reference: readonly ReferenceStep[], extra: (step: ReferenceStep, position: number) => ReferenceStep[]): ReferenceStep[] {
  const newIndex: number[] = []
  const out: ReferenceStep[] = []
  for (const [position, step] of reference.entries()) { out.push(...extra(step, position)); newIndex[position] = out.length; out.push(step) }
  return out.map((step) => remap(step, (old) => newIndex[old] as number) as ReferenceStep)
}
const probes: Record<string, (scenario: Scenario) => ReferenceStep[] | undefined> = {
  'status-first': (scenario) => {
    const read = readFor(scenario)
    if (read === undefined) return undefined
    return insertBefore(scenario.reference, (_, position) => (position === 0 ? [{ agent: 'call', calls: [read] }] : []))
  },
  'check-before-each-action': (scenario) => {
    const read = readFor(scenario)
    if (read === undefined) return undefined
    return insertBefore(scenario.reference, (step) => ('calls' in step && step.calls.some((call) => ACTIONS.has(call.tool)) ? [{ agent: 'call', calls: [read] }] : []))
  },
  'search-by-last-name': (scenario) => {
    let changed = false
    const reference = scenario.reference.map((step) => 'calls' in step ? { ...step, calls: step.calls.map((call) => {
      const name = call.arguments['name']
      const last = typeof name === 'string' ? name.split(' ').at(-1) : undefined
      // A last name two contacts share would be a genuinely ambiguous search, not a harmless variant.
      if (call.tool === 'search_contacts' && typeof name === 'string' && last !== undefined && name.includes(' ') && LAST_NAMES.filter((other) => other === last).length === 1) { changed = true; return { ...call, arguments: { ...call.arguments, name: name.split(' ').at(-1) as string } } }
      return call
    }) } : step)
    return changed ? reference : undefined
  },
  'answers-without-doing': () => [{ agent: 'say', content: 'All done, I took care of it.' }, { user: 'end' }],
  'refuses-in-other-words': () => [{ agent: 'say', content: "Sorry, I don't have a way to do that here." }, { user: 'end' }],
}

async function scores(name: string): Promise<{ ones: string[]; below: string[] }> {
  const probe = probes[name] as (scenario: Scenario) => ReferenceStep[] | undefined
  const ones: string[] = []
  const below: string[] = []
  for (const scenario of builtInScenarios()) {
    const reference = probe(scenario)
    if (reference === undefined) continue
    const probed = defineScenario({ ...scenario, reference })
    const trajectory = await runScenario(probed, { agent: referenceAgent() })
    const result = await evaluate(trajectory, probed)
    ;(result.score === 1 ? ones : below).push(scenario.id)
  }
  console.log(`${name}: ${ones.length} of ${ones.length + below.length} probed scenarios score 1`)
  return { ones, below }
}

describe('agents that take another path over the corpus', () => {
  test.for(['status-first', 'check-before-each-action', 'search-by-last-name'])('%s: a harmless detour still scores 1', async (name) => {
    const { ones, below } = await scores(name)
    expect(ones.length).toBeGreaterThan(10)
    expect(below).toEqual([])
  })

  test('answering "done" without doing anything scores below 1 everywhere, insufficient information included', async () => {
    const { ones, below } = await scores('answers-without-doing')
    expect(ones).toEqual([])
    expect(below.length).toBe(builtInScenarios().length)
  })

  test('a natural refusal in other words scores 1 on every insufficient-information scenario and nowhere else', async () => {
    const { ones } = await scores('refuses-in-other-words')
    const insufficient = builtInScenarios({ category: 'INSUFFICIENT_INFORMATION' }).map((scenario) => scenario.id)
    expect(insufficient.length).toBeGreaterThan(30)
    expect([...ones].sort()).toEqual([...insufficient].sort())
  })
})
