import { expect, test } from 'vitest'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { scenarioCases } from '../../src/vitest/describe-scenarios.ts'
import { withEndpointLimit } from '../../src/vitest/endpoint-limiter.ts'
import { sampleScenario } from './sample-run.ts'

test('at most `limit` runs hold one endpoint at once; other endpoints are not held up', async () => {
  let active = 0
  let most = 0
  const work = async () => {
    active++
    most = Math.max(most, active)
    await new Promise((resolve) => setTimeout(resolve, 5))
    active--
  }
  const other: Promise<void>[] = []
  const held = Array.from({ length: 10 }, () => withEndpointLimit('openai:model-a', 2, work))
  other.push(withEndpointLimit('openai:model-b', 1, async () => {}))
  await Promise.all([...held, ...other])
  expect(most).toBe(2)
})

test('one case per scenario and variant, named by the augmentation label', () => {
  expect(scenarioCases([sampleScenario]).map((item) => item.name)).toEqual(['send_message_to_alex'])
  const cases = scenarioCases([sampleScenario], TOOLSANDBOX_VARIANTS)
  expect(cases).toHaveLength(8)
  expect(cases.map((item) => item.name).slice(0, 2)).toEqual(['send_message_to_alex', 'send_message_to_alex [3 distraction tools]'])
})
