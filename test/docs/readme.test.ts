import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')

describe('README', () => {
  test("the tour's own agents are the ones examples/readme-agents.ts holds, which pass ToolSandbox's eight variants", () => {
    // The example file holds them between its comment and its export; its test plays them.
    const agents = /^\/\/ Your code, either boundary[\s\S]*?(?=\n\nexport )/m.exec(source('examples/readme-agents.ts'))?.[0]
    expect(agents).toBeDefined()
    expect(readme).toContain(agents as string)
    expect(source('examples/readme-agents.test.ts')).toContain('variants: TOOLSANDBOX_VARIANTS')
  })
})
