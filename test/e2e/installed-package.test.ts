import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { readReport, runFixture } from './run-fixture.ts'

const repository = fileURLToPath(new URL('../../', import.meta.url))

/**
 * A project that depends on toolcheck as an installed package: `node_modules/toolcheck` holds
 * exactly the files `npm pack` would publish, and the other dependencies are linked from this
 * repository's node_modules. Node does not strip types under node_modules, so this proves that the
 * built JavaScript, the export map and the published file list work for users.
 */
async function installedProject(): Promise<string> {
  if (!existsSync(join(repository, 'dist/src/index.js'))) throw new Error('dist/ is missing: npm test builds it first (npm run build)')
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repository })
  const published = (JSON.parse(stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path)
  const project = await mkdtemp(join(tmpdir(), 'toolcheck-user-'))
  const installed = join(project, 'node_modules', 'vitest-toolcheck')
  for (const file of published) {
    await mkdir(dirname(join(installed, file)), { recursive: true })
    await cp(join(repository, file), join(installed, file))
  }
  for (const entry of await readdir(join(repository, 'node_modules'))) {
    if (entry === 'vitest-toolcheck') continue
    await symlink(join(repository, 'node_modules', entry), join(project, 'node_modules', entry))
  }
  for (const file of ['vitest.config.ts', 'my-agent.ts', 'wifi-scenario.ts', 'my-agent.test.ts', 'openai-agent.test.ts']) await cp(join(repository, 'examples', file), join(project, file))
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'my-agent-tests', type: 'module', private: true }))
  return project
}

const project = await installedProject()
afterAll(() => rm(project, { recursive: true, force: true }))

describe('toolcheck as an installed package', () => {
  test('a project runs its tests with the plugin, the matchers and the reporter from node_modules', async () => {
    const reportDir = join(project, 'toolcheck-report')
    process.env.TOOLCHECK_EXAMPLES_REPORT_DIR = reportDir
    try {
      const { tests } = await runFixture(project, reportDir)
      expect(tests.map((testCase) => [testCase.name, testCase.result().state]).sort()).toEqual([
        ['a chat-completions model behind an HTTP endpoint', 'passed'],
        ['a trajectory from runScenario can be checked directly', 'passed'],
        ['my agent fixes low battery mode before switching Wi-Fi on', 'passed'],
      ])
      const report = await readReport(reportDir)
      expect(report.runs.length).toBeGreaterThanOrEqual(2)
      expect(report.runs.every((run) => run.scenario === 'example-wifi-behind-low-battery' && run.score === 1)).toBe(true)
    } finally {
      delete process.env.TOOLCHECK_EXAMPLES_REPORT_DIR
    }
  })

  test('the command line runs from the built package', async () => {
    const bin = join(project, 'node_modules', 'vitest-toolcheck', 'bin', 'toolcheck.js')
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'tools', '--json'], { cwd: project })
    const listing = JSON.parse(stdout) as { count: number }
    expect(listing.count).toBe(34)
  })
})
