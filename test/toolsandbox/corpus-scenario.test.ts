import { describe, expect, test } from 'vitest'
import { builtInScenarioInputs } from '../../scenarios/toolsandbox/built-in-scenarios.ts'
import { corpusScenario } from '../../scenarios/toolsandbox/corpus-scenario.ts'
import { parseScenario } from '../../src/scenario/index.ts'

// The built-in corpus is not run through the scenario schema when it loads (corpusScenario): this
// is where it is, every scenario of it, and where what it loads as is held to what the schema makes.
describe('the built-in corpus as it loads', () => {
  test.for(builtInScenarioInputs().map((input) => [input.id, input] as const))('%s passes the scenario schema and loads as the schema makes it, field order included', ([, input]) => {
    const parsed = parseScenario(input)
    const made = corpusScenario(input)
    expect(made).toStrictEqual(parsed)
    expect(JSON.stringify(made)).toBe(JSON.stringify(parsed))
  })

  test('a field left to its default inside a list would be told apart from what the schema makes', () => {
    const [input] = builtInScenarioInputs()
    if (input === undefined) throw new Error('the corpus is empty')
    const [first, ...rest] = input.paraphrases ?? []
    if (first === undefined) throw new Error(`${input.id} has no paraphrase`)
    const { style: _, ...unstyled } = first
    const written = { ...input, paraphrases: [unstyled, ...rest] }
    expect(JSON.stringify(corpusScenario(written))).not.toBe(JSON.stringify(parseScenario(written)))
  })

  test('a field left to its default at the top or in an object is given it, in the schema order', () => {
    const [input] = builtInScenarioInputs()
    if (input === undefined) throw new Error('the corpus is empty')
    const { maxTurns: _, ...written } = { ...input, user: { goal: input.user.goal } }
    const made = corpusScenario(written)
    expect(made).toStrictEqual(parseScenario(written))
    expect(Object.keys(made)).toEqual(Object.keys(parseScenario(written)))
    expect(made.maxTurns).toBe(30)
    expect(made.user).toEqual({ goal: input.user.goal, knowledge: '', demonstrations: [] })
  })
})
