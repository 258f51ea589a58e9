import { expect, test } from 'vitest'
import { withEndpointLimit } from '../../src/vitest/endpoint-limiter.ts'

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
