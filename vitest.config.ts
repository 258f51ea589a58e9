import { defineConfig } from 'vitest/config'

/** The project's own tests. `npm run eval` plays its runs on worker threads of its own (see `src/cli/eval.ts`). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/e2e/fixtures/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
