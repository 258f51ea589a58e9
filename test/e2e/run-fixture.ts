import { readFile, rm } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type { TestCase, TestModule } from 'vitest/node'
import { startVitest } from 'vitest/node'
import type { Report } from '../../src/reporter/report.ts'

/** The fixture projects' folders. */
export const FIXTURES = {
  project: fileURLToPath(new URL('./fixtures/project/', import.meta.url)),
  trials: fileURLToPath(new URL('./fixtures/trials/', import.meta.url)),
  awaits: fileURLToPath(new URL('./fixtures/awaits/', import.meta.url)),
  regression: fileURLToPath(new URL('./fixtures/regression/', import.meta.url)),
  isolation: fileURLToPath(new URL('./fixtures/isolation/', import.meta.url)),
}

/** Where e2e runs write their reports (inside the ignored `toolcheck-report/`, kept as artifacts). */
export function reportDirectory(name: string): string {
  return fileURLToPath(new URL(`../../toolcheck-report/e2e/${name}/`, import.meta.url))
}

/** What a programmatic vitest run left behind. */
export interface FixtureRun {
  readonly tests: readonly TestCase[]
  readonly modules: readonly TestModule[]
  /** Errors vitest could not pin on a test (unhandled rejections and the like). */
  readonly unhandledErrors: readonly unknown[]
  /** The exit code the run left in `process.exitCode` (vitest's, or a reporter's). */
  readonly exitCode: number | string | undefined
  /** What vitest and the reporters printed. */
  readonly output: string
}

/**
 * Runs vitest on a fixture project, quietly, with the report going to `reportDir`. `options` are
 * vitest CLI-style options (`shard`, `reporters`, `mergeReports`). Restores `process.exitCode`,
 * which vitest sets when tests fail, since failing fixture tests are expected here.
 */
export async function runFixture(root: string, reportDir: string, options: Record<string, unknown> = {}): Promise<FixtureRun> {
  await rm(reportDir, { recursive: true, force: true })
  const previousDirectory = process.env.TOOLCHECK_FIXTURE_REPORT_DIR
  const previousExitCode = process.exitCode
  process.env.TOOLCHECK_FIXTURE_REPORT_DIR = reportDir
  try {
    process.exitCode = undefined
    let output = ''
    const capture = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        output += chunk.toString()
        done()
      },
    })
    const vitest = await startVitest('test', [], { root, watch: false, reporters: [{}], ...options }, {}, { stdout: capture, stderr: capture })
    if (vitest === undefined) throw new Error(`vitest did not start for ${root}`)
    const modules = vitest.state.getTestModules()
    const unhandledErrors = vitest.state.getUnhandledErrors()
    await vitest.close()
    const exitCode = process.exitCode
    if (modules.length === 0 && options.mergeReports === undefined) throw new Error(`vitest found no test files in ${root}`)
    return { modules, tests: modules.flatMap((module) => [...module.children.allTests()]), unhandledErrors, exitCode, output }
  } finally {
    if (previousDirectory === undefined) delete process.env.TOOLCHECK_FIXTURE_REPORT_DIR
    else process.env.TOOLCHECK_FIXTURE_REPORT_DIR = previousDirectory
    process.exitCode = previousExitCode
  }
}

/** Reads the `report.json` a run wrote. */
export async function readReport(reportDir: string): Promise<Report> {
  return JSON.parse(await readFile(`${reportDir}/report.json`, 'utf8')) as Report
}

/** The first error message of a test, without terminal colours. */
export function failureText(test: TestCase): string {
  const message = test.result().errors?.[0]?.message ?? ''
  return message.replace(/\u001b\[[0-9;]*m/g, '')
}
