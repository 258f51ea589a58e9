import { describe, expect, test } from 'vitest'
import { scenarioTestLabel, scenarioTestName } from '../../src/runner/scenario-test-name.ts'

describe('scenarioTestLabel', () => {
  test('reads back the label scenarioTestName put in a name, brackets in it included', () => {
    for (const label of ['none', '3 distraction tools', 'a <b> c', ''])
      expect(scenarioTestLabel('wifi-on', scenarioTestName('wifi-on', label))).toBe(label)
  })

  test('is undefined for a name scenarioTestName did not make for that scenario', () => {
    expect(scenarioTestLabel('wifi-on', 'wifi-off <none>')).toBeUndefined()
    expect(scenarioTestLabel('wifi-on', 'wifi-on plain')).toBeUndefined()
    expect(scenarioTestLabel('wifi-on', 'my own test')).toBeUndefined()
  })
})
