import { readFile, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runEval } from '../src/cli/eval.ts'
import type { MockServer } from '../src/mock-server/index.ts'
import { startMockServer } from '../src/mock-server/index.ts'
import type { Report } from '../src/reporter/report.ts'
import { defineBenchmarks } from './harness.ts'

const REPORT_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', 'toolcheck-report', 'bench', 'dead-endpoint')

interface State {
  server: MockServer
  code: number
  requests: number
  report?: Report
}

/** `toolcheck eval` over the whole corpus with these environment variables set, quietly, to its report; its exit code. */
async function evalWith(variables: Record<string, string>): Promise<number> {
  const saved = Object.fromEntries(Object.keys(variables).map((variable) => [variable, process.env[variable]]))
  Object.assign(process.env, variables)
  await rm(REPORT_DIRECTORY, { recursive: true, force: true })
  try {
    return await runEval(['--report-dir', REPORT_DIRECTORY], { stdout: () => {}, stderr: () => {} })
  } finally {
    for (const [variable, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[variable]
      else process.env[variable] = value
    }
  }
}

/**
 * The whole corpus (every scenario under ToolSandbox's eight variants) played by `toolcheck eval`
 * with an openai agent at a server that answers every request with a 500, with the default
 * limits: the time from the start of the command to its report, beside the same eval with the
 * reference agent (no server at all) in the same run. Before the circuit breaker each run spent
 * five attempts and their back-off on the dead server, about half an hour for the corpus; now the
 * first calls use up their retries and the breaker cuts the rest short.
 */
export default defineBenchmarks([
  {
    name: 'toolcheck eval, whole corpus, server always 500, to the report',
    iterations: 1,
    targetMs: 30_000,
    baselines: [{ name: 'the same eval with the reference agent', run: () => evalWith({ TOOLCHECK_AGENT: 'reference', TOOLCHECK_CACHE: 'off' }) }],
    setup: async (): Promise<State> => ({ server: await startMockServer({ respond: () => ({ fault: 'server-error' }) }), code: -1, requests: 0 }),
    run: async (state) => {
      const bench = state as State
      bench.code = await evalWith({ TOOLCHECK_AGENT: 'openai:dead-endpoint', OPENAI_BASE_URL: bench.server.baseURL, OPENAI_API_KEY: 'bench', TOOLCHECK_CACHE: 'off' })
      bench.requests = bench.server.chatRequestCount
      bench.report = JSON.parse(await readFile(join(REPORT_DIRECTORY, 'report.json'), 'utf8')) as Report
    },
    facts: async (state) => {
      const { server, code, requests, report } = state as State
      await server.close()
      const errorKinds: Record<string, number> = {}
      for (const run of report?.runs ?? []) if (run.error !== undefined) errorKinds[run.error.kind] = (errorKinds[run.error.kind] ?? 0) + 1
      return { exitCode: code, runs: report?.runs.length ?? 0, errorRuns: report?.summary.overall.errors ?? 0, errorKinds, cutShort: report?.summary.cutShort.runs ?? 0, requestsToServer: requests }
    },
  },
])
