/// <reference types="vitest/config" />
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { newBreakerDirectory, removeStaleBreakerDirectories } from '../roles/endpoint/breaker-directories.ts'
import { BREAKER_DIRECTORY_VARIABLE } from '../roles/endpoint/endpoint-breaker.ts'
import { limitsToEnv } from '../roles/endpoint/limits-from-env.ts'
import { MODULE_EXTENSION } from '../module-extension.ts'
import type { Plugin } from 'vitest/config'
import type { GatesReporterOptions } from '../gates/gates-reporter.ts'
import { prepareGates } from '../gates/prepare-gates.ts'
import type { ToolcheckOptions } from './plugin-options.ts'
import { resolveToolcheckOptions } from './plugin-options.ts'
import { readEarlierRuns } from '../reporter/resumable-runs.ts'
import { RunsFileError } from '../reporter/runs-file.ts'
import type { ResumedTests } from './resumed-tests.ts'
import { resumedTests } from './resumed-tests.ts'
import { ToolcheckOptionsError } from './toolcheck-options-error.ts'

const SETUP_FILE = fileURLToPath(new URL(`./setup${MODULE_EXTENSION}`, import.meta.url))
const REPORTER_FILE = fileURLToPath(new URL(`../gates/gates-reporter${MODULE_EXTENSION}`, import.meta.url))

/**
 * The toolcheck vitest plugin:
 *
 * ```ts
 * // vitest.config.ts
 * import { defineConfig } from 'vitest/config'
 * import { toolcheck } from 'vitest-toolcheck/vitest'
 * export default defineConfig({ plugins: [toolcheck({ trials: 4 })] })
 * ```
 *
 * It registers the matchers through a setup file, hands the options to the workers (read them
 * with `inject('vitest-toolcheck')`), turns `trials` into vitest `repeats`, and adds the toolcheck
 * reporter (inside `GatesReporter`, which checks the gates and decides the exit code of a run
 * that has them) after the user's own reporters. The gates are checked up front, before any test
 * plays: a baseline that cannot be read, a baseline scored the other way, or a category gate that
 * looks misspelt stops the run with `ToolcheckOptionsError`. Trials and retries are never combined: a retried
 * repeat would turn a failed trial into a passed one and make pass^k meaningless, so a config
 * with both is rejected. It works with vitest 4 and 5; trials need vitest 5.
 *
 * The workers get `limits` as environment variables, and a fresh directory in
 * `TOOLCHECK_BREAKER_DIR` (removed when vitest closes) where the endpoints' circuit breakers keep
 * their state, so that all workers and test files of the run share one breaker per endpoint. A
 * `TOOLCHECK_BREAKER_DIR` set beforehand is kept (and never removed), to share breakers between
 * several vitest processes. The directories of vitest processes that were killed before they could
 * remove theirs are removed when the plugin is next made.
 *
 * With `resume`, the report in that folder is read before anything plays, and the workers skip
 * the tests whose runs it holds (see `resumedNote`); the reporter writes them into the new report.
 *
 * Bad options, and bad values of the settings read from the environment (`environmentProblems`),
 * throw `ToolcheckOptionsError` before any test runs, and vitest exits with code 2.
 */
export function toolcheck(options: ToolcheckOptions = {}): Plugin {
  const resolved = resolveOrExit(options)
  const givenDirectory = process.env[BREAKER_DIRECTORY_VARIABLE]?.trim()
  if (!givenDirectory) removeStaleBreakerDirectories()
  const breakerDirectory = givenDirectory || newBreakerDirectory()
  return {
    name: 'vitest-toolcheck',
    config() {
      return {
        test: {
          setupFiles: [SETUP_FILE],
          provide: { toolcheck: resolved },
          env: { ...limitsToEnv(resolved.limits), [BREAKER_DIRECTORY_VARIABLE]: breakerDirectory },
          ...(resolved.trials > 1 ? { repeats: resolved.trials - 1 } : {}),
        },
      }
    },
    async configureVitest({ vitest, project }) {
      if (!givenDirectory) vitest.onClose?.(() => rmSync(breakerDirectory, { recursive: true, force: true }))
      // vitest 4 has `repeats` per test only; the project-wide value set above needs vitest 5.
      const vitestMajor = Number.parseInt(vitest.version, 10)
      if (resolved.trials > 1 && vitestMajor < 5)
        throw new ToolcheckOptionsError(
          `toolcheck({ trials: ${resolved.trials} }) needs vitest 5, which repeats every test of a project; this is vitest ${vitest.version}, which repeats only tests given \`repeats\` themselves. Upgrade vitest, or set trials to 1.`,
        )
      const retry = project.config.retry
      const retries = typeof retry === 'number' ? retry : typeof retry === 'object' && retry !== null ? (retry.count ?? 0) : 0
      if (resolved.trials > 1 && retries > 0)
        throw new ToolcheckOptionsError(
          `toolcheck({ trials: ${resolved.trials} }) runs each test ${resolved.trials} times to measure pass^k, and the config also sets retry: ${retries}; a retry would turn failed trials into passes. Remove \`retry\` or set trials to 1.`,
        )
      if (resolved.resume !== undefined) project.provide('toolcheckResume', await readResumedTests(resolve(vitest.config.root, resolved.resume), vitest.config.root))
      const reporters = vitest.config.reporters
      if (reporters.some((entry) => (Array.isArray(entry) ? entry[0] : entry) === REPORTER_FILE)) return
      // Gates are checked before anything plays: a baseline that cannot be read, or one scored
      // the other way, would otherwise be found out only after the whole run.
      const prepared = await prepareGates(resolved.gates, { root: vitest.config.root, scoring: resolved.scoring })
      if (prepared.problems.length > 0) throw new ToolcheckOptionsError(`toolcheck({ gates }): ${prepared.problems.join('\n')}`)
      const reporterOptions: GatesReporterOptions = {
        outputDir: resolved.reportDir,
        html: resolved.html,
        summary: resolved.summary,
        agent: resolved.agent,
        user: resolved.user,
        scoring: resolved.scoring,
        ...(resolved.resume === undefined ? {} : { resume: resolved.resume }),
        ...(resolved.gates === undefined ? {} : { gates: resolved.gates }),
      }
      const entry: [string, Record<string, unknown>] = [REPORTER_FILE, { ...reporterOptions }]
      reporters.push(entry)
    },
  }
}

/**
 * The tests of the report to resume. A folder that holds no report, or one that cannot be read,
 * stops the run before anything plays, as a bad option does.
 */
async function readResumedTests(directory: string, root: string): Promise<ResumedTests> {
  try {
    return resumedTests(await readEarlierRuns(directory), root)
  } catch (error) {
    if (error instanceof RunsFileError) throw new ToolcheckOptionsError(`toolcheck({ resume }): ${error.message}`)
    throw error
  }
}

/**
 * The options resolved; when they are bad (or a setting in the environment is), the error is
 * thrown with the exit code of bad input, 2, set for vitest, which keeps a code already set when
 * its config fails to load (as `toolcheck eval` exits 2 for the same problems). Only in vitest's
 * main process, where configs load: a test that calls `toolcheck()` in a worker must not change
 * its own run's exit code.
 */
function resolveOrExit(options: ToolcheckOptions) {
  try {
    return resolveToolcheckOptions(options, process.env)
  } catch (error) {
    if (error instanceof ToolcheckOptionsError && process.env.VITEST_WORKER_ID === undefined) process.exitCode = 2
    throw error
  }
}

