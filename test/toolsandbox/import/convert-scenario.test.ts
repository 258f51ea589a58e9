import { describe, expect, test } from 'vitest'
import { convertScenario, IMPORT_NOW, splitGoal, UnconvertibleScenarioError } from '../../../scenarios/toolsandbox/import/convert-scenario.ts'
import type { ExtractedScenario } from '../../../scenarios/toolsandbox/import/extracted-scenario.ts'
import { defineScenario } from '../../../src/scenario/index.ts'
import { deviceDomain } from '../../../scenarios/toolsandbox/domain/device-domain.ts'

const INSTRUCTION = 'Play a person asking for help. Your task: '
const tools = new Set(deviceDomain.registry.names())

function extracted(overrides: Partial<ExtractedScenario> = {}): ExtractedScenario {
  return {
    name: 'wifi_check',
    categories: ['SINGLE_TOOL_CALL', 'SINGLE_USER_TURN'],
    file: 'single_tool_call_scenarios',
    baseWorld: 'base',
    allowList: ['end_conversation', 'get_wifi_status'],
    denyList: null,
    messages: [
      { sender: 'SYSTEM', recipient: 'EXECUTION_ENVIRONMENT', content: 'import json', visibleTo: null },
      { sender: 'SYSTEM', recipient: 'AGENT', content: 'Ask when in doubt.', visibleTo: null },
      { sender: 'SYSTEM', recipient: 'USER', content: `${INSTRUCTION}Find out about the radio.`, visibleTo: ['USER'] },
      { sender: 'USER', recipient: 'AGENT', content: 'Is the radio on?', visibleTo: ['USER'] },
      { sender: 'AGENT', recipient: 'USER', content: 'Yes.', visibleTo: ['USER'] },
      { sender: 'USER', recipient: 'EXECUTION_ENVIRONMENT', content: 'end_conversation()', visibleTo: ['USER'] },
      { sender: 'SYSTEM', recipient: 'USER', content: `${INSTRUCTION}Check wifi. You do not know anything else.`, visibleTo: null },
      { sender: 'USER', recipient: 'AGENT', content: 'Is wifi on?', visibleTo: null },
    ],
    tables: {
      SETTING: [{ device_id: 'd', cellular: true, wifi: true, location_service: true, low_battery_mode: false, latitude: 37, longitude: -122 }],
      CONTACT: [{ person_id: 'p1', name: 'Ana Ruiz', phone_number: '+15550101', relationship: 'self', is_self: true }],
      MESSAGING: [
        { message_id: 'm', sender_person_id: null, sender_phone_number: '+15550102', recipient_person_id: 'p1', recipient_phone_number: '+15550101', content: 'one', creation_timestamp: IMPORT_NOW - 3600 },
        { message_id: 'm', sender_person_id: null, sender_phone_number: '+15550102', recipient_person_id: 'p1', recipient_phone_number: '+15550101', content: 'two', creation_timestamp: IMPORT_NOW - 60 },
      ],
      REMINDER: [],
    },
    milestones: [{ guardrails: null, guardrailExclusions: null, constraints: [{ namespace: 'SANDBOX', similarity: 'snapshot_similarity', options: {}, reference: null, target: { columns: ['sender', 'recipient', 'tool_trace'], rows: [{ sender: 'EXECUTION_ENVIRONMENT', recipient: 'AGENT', tool_trace: '{"tool_name": "get_wifi_status", "arguments": {}}' }] }, columns: {} }] }],
    milestoneEdges: null,
    minefields: [],
    minefieldEdges: null,
    ...overrides,
  }
}

describe('a ToolSandbox base scenario as a toolcheck scenario', () => {
  test('keeps its name, categories, prompts, user, first message and demonstrations, and its world with times as offsets from now', () => {
    const { scenario, constraints } = convertScenario(extracted(), INSTRUCTION, tools)
    expect(constraints).toBe(1)
    expect(scenario).toMatchObject({
      id: 'wifi_check',
      categories: ['SINGLE_TOOL_CALL', 'SINGLE_USER_TURN'],
      firstMessage: 'Is wifi on?',
      user: { goal: 'Check wifi.', knowledge: 'You do not know anything else.', demonstrations: [{ goal: 'Find out about the radio.', turns: [{ role: 'user', content: 'Is the radio on?' }, { role: 'agent', content: 'Yes.' }] }] },
      prompts: { agent: 'Ask when in doubt.', user: INSTRUCTION.trim() },
      tools: { allow: ['get_wifi_status'] },
      scoring: 'toolsandbox',
    })
    expect(scenario.world?.replace?.['messages']?.map((row) => row['creation_timestamp'])).toEqual([{ $now: -3600 }, { $now: -60 }])
    // The duplicate message id of ToolSandbox's base world is kept, as ToolSandbox keeps it.
    expect(scenario.world?.duplicateKeys).toEqual(['messages'])
    expect(() => defineScenario({ ...scenario, domain: deviceDomain } as never)).not.toThrow()
  })

  test('a milestone on a tool the scenario never offers is kept, the tool listed as outside, and marked as an upstream defect', () => {
    const { scenario } = convertScenario(extracted({ allowList: ['end_conversation', 'get_cellular_service_status'] }), INSTRUCTION, tools)
    expect(scenario.tools.outside).toEqual(['get_wifi_status'])
    expect(scenario.caveats).toEqual([{ kind: 'upstream-defect', reason: expect.stringContaining('get_wifi_status') }])
  })

  test('a tool the device domain lacks, or a conversation seeded past the first message, is refused with the reason', () => {
    expect(() => convertScenario(extracted({ allowList: ['teleport'] }), INSTRUCTION, tools)).toThrow(new UnconvertibleScenarioError('it names tools the device domain does not have: teleport'))
    const seeded = extracted()
    expect(() => convertScenario({ ...seeded, messages: [...seeded.messages, { sender: 'AGENT', recipient: 'USER', content: 'Hi', visibleTo: null }] }, INSTRUCTION, tools)).toThrow(/seeds more of the conversation/)
  })

  test('splits the goal from the knowledge boundary at the first sentence about what the user knows; an empty boundary stays empty', () => {
    expect(splitGoal('Remove the reminder.You do not have more information.')).toEqual({ goal: 'Remove the reminder.', knowledge: 'You do not have more information.' })
    expect(splitGoal('Turn off wifi')).toEqual({ goal: 'Turn off wifi', knowledge: '' })
  })
})
