import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The first cell of every row of the fault tables (sections whose title ends in "faults" or is "Files and settings"). */
async function faultRows(): Promise<string[]> {
  const page = await readFile(join(root, 'docs/reliability.md'), 'utf8')
  const sections = page.split(/^## /m).filter((section) => /^(.* faults|Files and settings)\n/.test(section))
  return sections.flatMap((section) =>
    section
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| fault ') && !line.startsWith('|---'))
      .map((line) => (line.split('|')[1] ?? '').trim()),
  )
}

/** The source of every test file, where the fault suite's test names are. */
async function testSources(): Promise<string> {
  const files = await readdir(join(root, 'test'), { recursive: true })
  const sources = await Promise.all(files.filter((file) => file.endsWith('.test.ts')).map((file) => readFile(join(root, 'test', file), 'utf8')))
  return sources.join('\n')
}

describe('docs/reliability.md', () => {
  test('every fault it lists has a test of that name, which checks the outcome it states', async () => {
    const rows = await faultRows()
    expect(rows.length).toBeGreaterThan(30)
    const sources = await testSources()
    const untested = rows.filter((row) => !sources.includes(row))
    expect(untested).toEqual([])
  })
})
