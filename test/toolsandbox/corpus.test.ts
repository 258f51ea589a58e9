import { describe, expect, test } from 'vitest'
import { builtInScenarios, scenarioCategoryCounts } from '../../scenarios/index.ts'
import { selectScenarios } from '../../src/cli/eval/select-scenarios.ts'
import { builtInCategories } from '../../scenarios/toolsandbox/built-in-scenarios.ts'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { allowedTools, CATEGORIES, matchesFilter } from '../../src/scenario/index.ts'

/** The corpus promises at least this many scenarios per category. */
const MINIMUM_PER_CATEGORY = {
  SINGLE_TOOL_CALL: 20,
  MULTIPLE_TOOL_CALL: 60,
  SINGLE_USER_TURN: 50,
  MULTIPLE_USER_TURN: 30,
  STATE_DEPENDENCY: 30,
  CANONICALIZATION: 40,
  INSUFFICIENT_INFORMATION: 30,
} as const

const scenarios = builtInScenarios()
const toolNames = new Set(deviceTools.map((tool) => tool.name))

describe('the built-in corpus', () => {
  test('has at least 150 scenarios with unique ids, in a stable order', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(150)
    expect(new Set(scenarios.map((scenario) => scenario.id)).size).toBe(scenarios.length)
    expect(builtInScenarios().map((scenario) => scenario.id)).toEqual(scenarios.map((scenario) => scenario.id))
  })

  test.for(CATEGORIES)('%s meets its minimum count', (category) => {
    expect(scenarioCategoryCounts()[category]).toBeGreaterThanOrEqual(MINIMUM_PER_CATEGORY[category])
    expect(builtInScenarios({ category })).toHaveLength(scenarioCategoryCounts()[category])
  })

  test('every scenario names only real tools, has a paraphrase, a goal and a reference that ends the conversation', () => {
    for (const scenario of scenarios) {
      const unknown = [...scenario.tools.allow, ...scenario.tools.deny].filter((tool) => !toolNames.has(tool))
      expect(unknown, scenario.id).toEqual([])
      expect(scenario.paraphrases.length, scenario.id).toBeGreaterThan(0)
      expect(scenario.reference.at(-1), scenario.id).toEqual({ user: 'end' })
      expect(scenario.maxTurns, scenario.id).toBeGreaterThan(0)
    }
  })

  test('insufficient-information scenarios withhold a tool and put a minefield on it', () => {
    for (const scenario of builtInScenarios({ category: 'INSUFFICIENT_INFORMATION' })) {
      expect(scenario.tools.deny.length, scenario.id).toBeGreaterThan(0)
      const mined = scenario.minefields.flatMap((minefield) => minefield.constraints.flatMap((constraint) => (constraint.kind === 'tool-call' ? constraint.anyOf.map((target) => target.tool) : [])))
      for (const tool of scenario.tools.deny) expect(mined, `${scenario.id}: ${tool}`).toContain(tool)
      for (const tool of scenario.tools.deny) expect(allowedTools(scenario), scenario.id).not.toContain(tool)
    }
  })

  test('state-dependency scenarios start with a service off and fix it in the reference', () => {
    for (const scenario of builtInScenarios({ category: 'STATE_DEPENDENCY' })) {
      const settings = scenario.world.settings ?? {}
      expect(Object.values(settings).some((value) => value === false) || settings['low_battery_mode'] === true, scenario.id).toBe(true)
      const switches = scenario.reference.flatMap((step) => ('calls' in step ? step.calls.map((call) => call.tool) : [])).filter((tool) => tool.startsWith('set_'))
      expect(switches.length, scenario.id).toBeGreaterThan(0)
    }
  })

  test('some state-dependency scenarios are nested (low battery mode first)', () => {
    const nested = builtInScenarios({ category: 'STATE_DEPENDENCY' }).filter((scenario) => scenario.world.settings?.['low_battery_mode'] === true)
    expect(nested.length).toBeGreaterThanOrEqual(8)
  })

  test('filters by id and ids, and names close ids when one is unknown', () => {
    const [first, second] = scenarios
    expect(builtInScenarios({ id: first!.id }).map((scenario) => scenario.id)).toEqual([first!.id])
    expect(builtInScenarios({ ids: [second!.id, first!.id] }).map((scenario) => scenario.id)).toEqual([first!.id, second!.id])
    expect(() => builtInScenarios({ id: 'turn-on-wifi-typo' })).toThrow(/no built-in scenario "turn-on-wifi-typo"; similar ids: .*turn-on-wifi/)
  })

  test('matchesFilter: a part of the id, or a whole category; an absent or empty filter matches all', () => {
    const scenario = { id: 'turn-on-wifi-low-battery', categories: ['STATE_DEPENDENCY', 'SINGLE_TOOL_CALL'] }
    expect(['wifi', 'turn-on-wifi-low-battery', 'STATE_DEPENDENCY', '', undefined].map((filter) => matchesFilter(scenario, filter))).toEqual([true, true, true, true, true])
    expect(['cellular', 'STATE', 'state_dependency', 'wifi-turn'].map((filter) => matchesFilter(scenario, filter))).toEqual([false, false, false, false])
  })

  test('`matching` selects as toolcheck eval --filter does, the same validated scenarios, in corpus order', () => {
    for (const filter of ['wifi', 'turn-on-wifi', 'STATE_DEPENDENCY', 'MULTIPLE_USER_TURN', 'no-such-text', '']) {
      const matching = builtInScenarios({ matching: filter })
      expect(matching, filter).toEqual(selectScenarios(scenarios, filter))
      // The very objects of the whole corpus: a scenario is validated once, whichever call asks first.
      for (const scenario of matching) expect(scenarios).toContain(scenario)
    }
    expect(builtInScenarios({ matching: 'wifi', category: 'STATE_DEPENDENCY' }).every((scenario) => scenario.id.includes('wifi') && scenario.categories.includes('STATE_DEPENDENCY'))).toBe(true)
    expect(builtInCategories()).toEqual([...new Set(scenarios.flatMap((scenario) => scenario.categories))])
  })
})
