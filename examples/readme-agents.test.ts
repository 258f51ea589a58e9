import { defineScenario, TOOLSANDBOX_VARIANTS } from 'vitest-toolcheck'
import { describeScenarios } from 'vitest-toolcheck/vitest'
import { stepLevel, turnLevel } from './readme-agents.ts'

// Wi-Fi is off and nothing stands in its way: each of the README's agents switches it on, under
// every one of ToolSandbox's variants (3, 10 and all distraction tools; tool names, descriptions,
// argument descriptions and argument types removed), since it calls the tool by its shown name.
const wifiOn = defineScenario({
  id: 'readme-wifi-on',
  categories: ['SINGLE_TOOL_CALL', 'SINGLE_USER_TURN'],
  world: { settings: { wifi: false } },
  user: { goal: 'Get Wi-Fi on.', knowledge: 'Nothing else.' },
  firstMessage: 'Can you turn on my wifi?',
  tools: { allow: ['set_wifi_status', 'get_wifi_status', 'set_cellular_service_status'] },
  milestones: [{ name: 'wifi on', constraints: [{ kind: 'updated', table: 'settings', rows: [{ wifi: true }] }] }],
  minefields: [{ name: 'cellular touched', constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'set_cellular_service_status' }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'set_wifi_status', arguments: { on: true } }] }, { agent: 'say', content: 'Done.' }, { user: 'end' }],
})

describeScenarios([wifiOn], { name: "the README's step-level agent", agent: stepLevel, variants: TOOLSANDBOX_VARIANTS })
describeScenarios([wifiOn], { name: "the README's turn-level agent", agent: turnLevel, variants: TOOLSANDBOX_VARIANTS })
