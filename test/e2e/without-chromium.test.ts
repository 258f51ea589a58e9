import { describe, expect, test } from 'vitest'
import { run } from './consumer-project.ts'
import { repository } from './packed-project.ts'

// `npm test` on a machine without a browser: the HTML report's browser test is skipped and says
// why, unless CI is set, where it must run.
describe('the browser test on a machine without Chromium', () => {
  const browserTest = async (ci: string | undefined) => {
    const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium', NO_COLOR: '1' }
    delete env.FORCE_COLOR
    if (ci === undefined) delete env.CI
    else env.CI = ci
    return run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/e2e/fixtures/browser-only.config.ts'], { cwd: repository, env })
  }

  test('is skipped with a visible reason', { timeout: 120_000 }, async () => {
    const result = await browserTest(undefined)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('skipped the browser test: no Chromium at /nonexistent/chromium; install it (apt-get install chromium) or point CHROMIUM_PATH at a Chromium or Chrome')
    expect(result.stdout).toMatch(/Tests +4 skipped \(4\)/)
  })

  test('fails when CI is set', { timeout: 120_000 }, async () => {
    const result = await browserTest('true')
    expect(result.code).toBe(1)
    expect(`${result.stdout}${result.stderr}`).toContain('CI is set, so the browser test must run, but there is no Chromium at /nonexistent/chromium')
  })
})
