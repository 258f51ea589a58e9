import fc from 'fast-check'
import { augmentation } from '../generators/index.ts'
import { applyAugmentation, TOOLSANDBOX_VARIANTS } from '../src/augmentation/index.ts'
import { deviceTools } from '../scenarios/toolsandbox/domain/index.ts'
import { defineScenario } from '../src/scenario/index.ts'
import { createRegistry } from '../src/tools/tool-registry.ts'
import { defineBenchmarks } from './harness.ts'

const registry = createRegistry(deviceTools)
const agentTools = deviceTools.filter((tool) => tool.audience === undefined || tool.audience.includes('agent')).map((tool) => tool.name)
const scenario = defineScenario({
  id: 'bench-augmentation',
  categories: ['SINGLE_TOOL_CALL'],
  user: { goal: 'Anything.', knowledge: 'Nothing.' },
  firstMessage: 'Hello.',
  paraphrases: [{ text: 'Hi.' }],
  tools: { allow: agentTools.slice(0, 3) },
  reference: [{ user: 'end' }],
})
const samples = fc.sample(augmentation({ scenario }), { seed: 1, numRuns: 100 })

export default defineBenchmarks([
  {
    name: `the eight ToolSandbox variants of one scenario (${deviceTools.length} registered tools)`,
    targetMs: 2,
    iterations: 200,
    run: () => TOOLSANDBOX_VARIANTS.map((variant) => applyAugmentation(scenario, variant.augmentation, registry)),
  },
  {
    name: '100 generated augmentations applied',
    targetMs: 20,
    iterations: 50,
    run: () => samples.map((value) => applyAugmentation(scenario, value, registry)),
  },
])
