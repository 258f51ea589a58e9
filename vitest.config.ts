import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * Test files that replace a module for themselves (`vi.mock`, `vi.doMock`): they need a fresh
 * module graph, since a module another file already loaded in the same worker keeps its real
 * imports. Found by reading the files, so a new one is isolated without anyone listing it here.
 */
function filesThatMockModules(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith('e2e/'))
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(folder, file), 'utf8')))
    .map((file) => `test/${file}`)
}

const isolated = ['test/e2e/**/*.test.ts', ...filesThatMockModules('test')]

/**
 * The project's own tests. `npm run eval` plays its runs on worker threads of its own (see
 * `src/cli/eval.ts`).
 *
 * Two projects: `unit` files share their workers' module graphs (`isolate: false`), which spares
 * each file a fresh process and a fresh import of `src/`, a third of the suite's time on a 2-core
 * machine; `isolated` files (the e2e tests, which run vitest, npm, Chromium and the command line on
 * fixture projects and set environment variables those read, and files that mock modules) each get
 * a process of their own. Two workers on two cores: much of an e2e test waits on a child process.
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A page in Chromium or a child process may take seconds to get there on a loaded machine;
    // expect.poll waits for it instead of giving up after its default second.
    expect: { poll: { timeout: 30_000 } },
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['**/node_modules/**', ...isolated], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: isolated,
          exclude: ['**/node_modules/**', 'test/e2e/fixtures/**'],
          // The package as npm publishes it, listed and laid out once for every e2e file.
          globalSetup: ['test/e2e/published-package-setup.ts'],
          // An e2e test plays a whole fixture project in a child vitest, npm or Chromium: on a
          // 2-core machine kept busy by other processes that took over a minute, so these tests
          // get a limit only a hang reaches.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
})
