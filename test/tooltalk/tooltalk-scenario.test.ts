import { describe, expect, test } from 'vitest'
import { toolTalkScenario } from '../../scenarios/tooltalk/index.ts'
import { loadToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import type { ScenarioInput } from '../../src/scenario/index.ts'
import { defineScenario } from '../../src/scenario/index.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

describe.skipIf(!HAS_TOOLTALK_DATA)(`toolTalkScenario ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  // toolTalkScenario writes the scenario out whole instead of validating it (which would load
  // zod on the path of toolcheck tooltalk): each must be a scenario defineScenario accepts and
  // returns unchanged, defaults included.
  test.for(['easy', 'tooltalk'])('%s: every conversation makes the scenario defineScenario makes of it, with and without the databases', async (split) => {
    const dataset = await loadToolTalkDataset(`${TOOLTALK_DATA}${split}`)
    expect(dataset.conversations.length).toBeGreaterThan(0)
    for (const conversation of dataset.conversations)
      for (const options of [{}, { databases: dataset.databases }]) {
        const scenario = toolTalkScenario(conversation, options)
        const defined = defineScenario(scenario as ScenarioInput, conversation.file)
        expect(scenario, conversation.name).toStrictEqual(defined)
        // Its keys in the order defineScenario gives them, so that both print the same.
        expect(JSON.stringify(scenario), conversation.name).toBe(JSON.stringify(defined))
      }
  })
})
