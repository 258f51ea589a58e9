import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { ScenarioError, ScenarioFileError } from '../../src/scenario/index.ts'
import { scenarioCases, scenarioTable, scenarioTestName } from '../../src/runner/scenario-table.ts'
import { builtInScenarios } from '../../scenarios/index.ts'
import { sampleScenario } from '../vitest/sample-run.ts'

/** The characters a regular expression reads specially (a `.` matches itself too, but also any other). */
const PATTERN_CHARACTERS = /[.*+?^${}()|[\]\\]/

describe('the scenario test table', () => {
  test('a test per scenario and variant, named by the whole id and label', () => {
    expect(scenarioCases([sampleScenario]).map((item) => item.name)).toEqual(['send_message_to_alex <none>'])
    const cases = scenarioCases([sampleScenario], TOOLSANDBOX_VARIANTS)
    expect(cases.map((item) => item.name)).toEqual([
      'send_message_to_alex <none>',
      'send_message_to_alex <3 distraction tools>',
      'send_message_to_alex <10 distraction tools>',
      'send_message_to_alex <all tools>',
      'send_message_to_alex <3 distraction tools, tool names scrambled>',
      'send_message_to_alex <3 distraction tools, tool descriptions removed>',
      'send_message_to_alex <3 distraction tools, argument descriptions removed>',
      'send_message_to_alex <3 distraction tools, argument types removed>',
    ])
  })

  test("over the whole corpus and ToolSandbox's variants, every full name is its own pattern and no part of another", () => {
    const names = scenarioCases(builtInScenarios(), TOOLSANDBOX_VARIANTS).map((item) => `toolcheck scenarios > ${item.name}`)
    expect(names).toHaveLength(228 * 8)
    expect(new Set(names).size).toBe(names.length)
    expect(names.filter((name) => PATTERN_CHARACTERS.test(name))).toEqual([])
    // Without pattern characters, `vitest -t <name>` matches exactly the names that contain it.
    const clashes = names.flatMap((name) => names.filter((other) => other !== name && other.includes(name)).map((other) => `${name} is part of ${other}`))
    expect(clashes).toEqual([])
  })

  test("a folder's files that could not be loaded are failing tests named by the file; its scenarios join the table", () => {
    const file = join(process.cwd(), 'scenarios', 'broken.json')
    const folder = { scenarios: [sampleScenario], errors: [new ScenarioFileError(file, 'is not valid JSON: line 1, column 2: oops'), new ScenarioError('/elsewhere/bad-id.json', [{ path: ['id'], message: 'ids are lower-case' }])] }
    const table = scenarioTable(folder)
    expect(table.cases.map((item) => item.name)).toEqual(['send_message_to_alex <none>'])
    expect(table.problems).toEqual([
      { name: 'scenarios/broken.json', message: `${file}: is not valid JSON: line 1, column 2: oops` },
      { name: '/elsewhere/bad-id.json', message: 'invalid scenario /elsewhere/bad-id.json:\n  - id: ids are lower-case' },
    ])
    // The same folder in a list with other scenarios: the same problems, once each.
    expect(scenarioTable([folder, folder]).problems).toHaveLength(2)
  })

  test('a scenario listed twice plays once; two different scenarios with one id, or two variants with one label, fail a test each', () => {
    expect(scenarioTable([sampleScenario, sampleScenario, { scenarios: [sampleScenario], errors: [] }])).toEqual({ cases: [{ name: 'send_message_to_alex <none>', scenario: sampleScenario }], problems: [] })
    const namesake = { ...sampleScenario, maxTurns: 5 }
    const [plain] = TOOLSANDBOX_VARIANTS as [(typeof TOOLSANDBOX_VARIANTS)[number]]
    const table = scenarioTable([sampleScenario, namesake], [plain, plain, { ...plain }])
    expect(table.cases.map((item) => item.scenario)).toEqual([sampleScenario])
    expect(table.problems.map((problem) => problem.name)).toEqual(['two scenarios with the id send_message_to_alex', 'two variants labelled none'])
    expect(table.problems[0]?.message).toMatch(/two different scenarios have the id send_message_to_alex; .* must be unique/)
  })

  test('names hold ids and labels whole, however long', () => {
    const label = 'a label far longer than the forty characters vitest keeps of a formatted value'
    expect(scenarioTestName('an-id-that-is-also-much-longer-than-forty-characters-long', label)).toBe(`an-id-that-is-also-much-longer-than-forty-characters-long <${label}>`)
  })
})
