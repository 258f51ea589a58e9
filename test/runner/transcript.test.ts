import { describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { applyAugmentation, defineAugmentation } from '../../src/augmentation/index.ts'
import { referenceAgent } from '../../src/roles/index.ts'
import { runScenario } from '../../src/run/index.ts'
import { resolveScenarioDomain } from '../../src/scenario/index.ts'
import { buildTranscript } from '../../src/runner/transcript.ts'
import { sampleScenario, sampleTrajectory } from '../vitest/sample-run.ts'

describe('buildTranscript', () => {
  test('lists the tools the agent was shown, with what the augmentation changed in each', async () => {
    const scenario = builtInScenarios({ id: 'send-message-to-elena-cellular-off' })[0]
    if (scenario === undefined) throw new Error('the built-in scenario is missing')
    const domain = await resolveScenarioDomain(scenario, {})
    const augmentation = defineAugmentation({
      distractionTools: 1,
      scrambledNames: ['send_message_with_phone_number'],
      removedDescriptions: ['search_contacts'],
      removedArgumentTypes: ['search_contacts'],
      renamedArguments: ['send_message_with_phone_number'],
    })
    const presentation = applyAugmentation(scenario, augmentation, domain.registry)
    const trajectory = await runScenario(scenario, { agent: referenceAgent(), presentation })
    const transcript = buildTranscript(trajectory, 0, scenario)
    const byTool = Object.fromEntries((transcript.tools ?? []).map((tool) => [tool.tool, tool]))
    const sender = byTool.send_message_with_phone_number
    expect(sender?.name).not.toBe('send_message_with_phone_number')
    expect(sender?.changes).toEqual(['renamed from send_message_with_phone_number', 'arguments renamed: arg_0 = phone_number, arg_1 = content'])
    expect(byTool.search_contacts?.changes).toEqual(['description removed', 'argument types removed'])
    expect(byTool.search_contacts?.description).toBe('')
    const distractions = (transcript.tools ?? []).filter((tool) => tool.changes.includes('distraction'))
    expect(distractions).toHaveLength(1)
    expect(transcript.tools).toHaveLength(presentation.tools.length)
  })

  test('names the key columns of the tables that changed, so reports can name rows by key', () => {
    const transcript = buildTranscript(sampleTrajectory(), 0, sampleScenario)
    expect(transcript.keys).toEqual({ messages: ['message_id'] })
    // A trajectory built by hand does not say what the agent was shown.
    expect(transcript).not.toHaveProperty('tools')
  })
})
