import { expect, test } from 'vitest'
import * as zod from 'zod'
import { loadZod } from '../../src/tools/load-zod.ts'

test('loadZod gives the zod instance that import gives, not its CommonJS copy', () => {
  expect(loadZod().z).toBe(zod.z)
  expect(loadZod().ZodObject).toBe(zod.ZodObject)
  expect(loadZod()).toBe(loadZod())
})
