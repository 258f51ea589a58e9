import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { evaluate } from '../../src/evaluation/index.ts'
import { referenceAgent } from '../../src/roles/reference-agent.ts'
import { runScenario } from '../../src/run/index.ts'
import type { ReferenceStep, Scenario } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December'

/** How a correct assistant might word the reference's final answer differently, one rewrite after another. */
const REWORDINGS: readonly [RegExp, string][] = [
  [/\bcurrently enabled\b/g, 'currently on'],
  [/\bcurrently disabled\b/g, 'currently off'],
  [/10:00 in the morning/g, '10 am'],
  [/\+1(\d{3})(\d{3})(\d{4})\b/g, '($1) $2-$3'],
  [/(\d[\d.]*) US dollars/g, '$$$1'],
  [/(?<![\d.])(\d{2})(\d{3})(?=[.\s]|$)/g, '$1,$2'],
  [/(?<![\d.,])(\d+\.\d)(?![\d.])/g, '$10'],
  [new RegExp(`\\b(${MONTHS}) (\\d{1,2})\\b`, 'g'), '$2 $1'],
  [/(\d+) hours?/g, '$1h'],
  [/(\d+) minutes?/g, '$1 min'],
  [/(\d+) seconds?/g, '$1s'],
  [/dry cleaner/g, 'dry-cleaner'],
  [/Pike Pl\b/g, 'Pike Place'],
  [/ /g, '  '],
]

function reword(text: string, rewordings: readonly [RegExp, string][]): string {
  return rewordings.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text).toLowerCase()
}

/** The reference with its last answer to the user rewritten, or undefined when the rewrite changes nothing of substance. */
function withFinalAnswer(scenario: Scenario, rewrite: (text: string) => string): ReferenceStep[] | undefined {
  const last = scenario.reference.findLastIndex((step) => 'agent' in step && step.agent === 'say')
  const step = scenario.reference[last]
  if (step === undefined || !('agent' in step) || step.agent !== 'say') return undefined
  const content = rewrite(step.content)
  if (content === step.content) return undefined
  return scenario.reference.map((original, position) => (position === last ? { ...step, content } : original))
}

const answerChecked = (scenario: Scenario) =>
  scenario.milestones.some((milestone) => milestone.constraints.some((constraint) => constraint.kind === 'message' && constraint.similarity === 'mentions'))

async function scoreWith(scenario: Scenario, reference: ReferenceStep[]): Promise<number> {
  const probed = defineScenario({ ...scenario, reference })
  return (await evaluate(await runScenario(probed, { agent: referenceAgent() }), probed)).score
}

describe('answer checks accept correct answers in other words', () => {
  test('the reference with its final answer reworded (on for enabled, 10 am, $, 38,278.48, 438.20, 26 November, 2h, case, spacing) still scores 1', async () => {
    const below: string[] = []
    let probed = 0
    let substantive = 0
    for (const scenario of builtInScenarios().filter(answerChecked)) {
      const reference = withFinalAnswer(scenario, (text) => reword(text, REWORDINGS))
      if (reference === undefined) continue
      probed += 1
      // Rewrites beyond case and spacing: the words themselves change.
      if (withFinalAnswer(scenario, (text) => reword(text, REWORDINGS.slice(0, -1)) === text.toLowerCase() ? text : `${text}.`) !== undefined) substantive += 1
      const score = await scoreWith(scenario, reference)
      if (score !== 1) below.push(`${scenario.id}: ${score}`)
    }
    console.log(`reworded answers: ${probed - below.length} of ${probed} probed scenarios score 1 (${substantive} reworded beyond case and spacing)`)
    expect(below).toEqual([])
    expect(probed).toBeGreaterThan(60)
    expect(substantive).toBeGreaterThan(30)
  })

  const WRONG: readonly { id: string; from: RegExp; to: string }[] = [
    { id: 'ask-wifi-status-on', from: /enabled/, to: 'not on' },
    { id: 'ask-wifi-status-off', from: /disabled/, to: 'turned on' },
    { id: 'what-time-is-it', from: /10:00 in the morning/, to: '11 am' },
    { id: 'stock-price-apple', from: /212\.44/, to: '1212.44' },
    { id: 'stock-price-microsoft', from: /438\.2/, to: '438.25' },
    { id: 'days-until-labor-day', from: /115 days/, to: '116 days' },
  ]
  test.for(WRONG)('a wrong answer still scores below 1: $id', async ({ id, from, to }) => {
    const [scenario] = builtInScenarios({ id })
    if (scenario === undefined) throw new Error(`no scenario ${id}`)
    const reference = withFinalAnswer(scenario, (text) => text.replace(from, to))
    expect(reference).toBeDefined()
    expect(await scoreWith(scenario, reference ?? [])).toBeLessThan(1)
  })
})
