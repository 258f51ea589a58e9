import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { packedProject } from './packed-project.ts'
import { readReport, runFixture } from './run-fixture.ts'

const project = await packedProject(
  ['vitest.config.ts', 'my-agent.ts', 'wifi-scenario.ts', 'my-agent.test.ts', 'openai-agent.test.ts', 'ai-sdk-agent.test.ts', 'openai-agents.test.ts', 'mcp-agent.test.ts', 'mcp-agent-process.mts'].map((file) => ({
    from: `examples/${file}`,
    to: file,
  })),
)
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
        ['an AI SDK agent: your model and your generateText options', 'passed'],
        ['an Agents SDK agent, built with the world’s tools', 'passed'],
        ['an agent in another process, its tool calls over MCP recorded with their world snapshots', 'passed'],
        ['my agent fixes low battery mode before switching Wi-Fi on', 'passed'],
        ['the agent loop you already have, wrapped unchanged', 'passed'],
      ])
      const report = await readReport(reportDir)
      expect(report.runs.length).toBeGreaterThanOrEqual(2)
      expect(report.runs.every((run) => ['example-wifi-behind-low-battery', 'turn-on-wifi-in-low-battery-mode'].includes(run.scenario) && run.score === 1)).toBe(true)
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
