import { defineScenario } from '../../src/scenario/index.ts'
import { deviceTools } from '../../scenarios/toolsandbox/domain/index.ts'
import { createRegistry } from '../../src/tools/tool-registry.ts'
import { fixtureRegistry, fixtureScenario } from '../augmentation/fixture-tools.ts'
import type { LawCase } from './generator-laws.ts'

/** The device tools as a registry. */
export const deviceRegistry = createRegistry(deviceTools)

/** Turn Wi-Fi on (it starts off): a state change with one allowed reader and one allowed writer. */
export const wifiScenario = defineScenario({
  id: 'laws-turn-on-wifi',
  categories: ['SINGLE_TOOL_CALL'],
  world: { settings: { wifi: false } },
  user: { goal: 'Get Wi-Fi turned on.', knowledge: 'Nothing else.' },
  firstMessage: 'Please switch my wifi on.',
  paraphrases: [{ text: 'Turn on Wi-Fi for me.' }, { text: 'I need to get online over wifi.', style: 'implicit' }],
  tools: { allow: ['get_wifi_status', 'set_wifi_status'] },
  reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] }, { agent: 'say', content: 'Wi-Fi is on.' }, { user: 'end' }],
})

/** The law cases: one over the test fixture tools, one over the built-in device tools. */
export const lawCases: readonly LawCase[] = [
  { scenario: fixtureScenario, registry: fixtureRegistry },
  { scenario: wifiScenario, registry: deviceRegistry },
]
