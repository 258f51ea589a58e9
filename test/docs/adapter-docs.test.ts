import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'

const root = new URL('../../', import.meta.url)

/** The code blocks of a page that say which example file they show (`<!-- example: path -->` just above). */
function examples(markdown: string): { file: string; code: string }[] {
  return [...markdown.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((match) => ({ file: match[1]!, code: match[2]! }))
}

// Each adapter page shows a complete example; the examples project runs the file it names, so
// the page must show that file as it is.
describe.for(['docs/ai-sdk.md', 'docs/openai-agents.md', 'docs/mcp.md'])('%s', (page) => {
  test('shows its example file exactly as the test suite runs it', async () => {
    const shown = examples(await readFile(new URL(page, root), 'utf8'))
    expect(shown.length).toBeGreaterThan(0)
    for (const { file, code } of shown) expect(code, file).toBe(await readFile(new URL(file, root), 'utf8'))
  })
})
