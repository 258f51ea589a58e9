import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { repository } from './packed-project.ts'

/** What a finished child process left. */
export interface ProcessResult {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** Runs a command to its end and returns its exit code and output, whatever the code. */
export async function run(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ProcessResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 64 * 1024 * 1024 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string }
    if (typeof failed.code !== 'number') throw error
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}

/**
 * Packs the repository as `npm publish` would (the built `dist/`, `bin/`, `docs/`, ...) into
 * `destination` and returns the tarball's path. `npm test` builds `dist/` before the tests run.
 */
export async function packRepository(destination: string): Promise<string> {
  if (!existsSync(join(repository, 'dist/src/index.js'))) throw new Error('dist/ is missing: npm test builds it first (npm run build)')
  const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], { cwd: repository })
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`)
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }]
  return join(destination, filename)
}

/** Which vitest and zod a consumer project installs beside the package. */
export interface ConsumerVersions {
  readonly vitest: string
  readonly zod: string
}

/**
 * A fresh project in the OS temporary folder that installs the packed package with the given
 * vitest and zod from the npm registry, as a user's `npm i -D vitest-toolcheck vitest zod` would,
 * and holds a copy of `examples/`. npm's own cache makes every install after the first quick
 * (`--prefer-offline` trusts it without asking the registry again).
 */
export async function consumerProject(tarball: string, versions: ConsumerVersions): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), `toolcheck-consumer-vitest-${versions.vitest}-`))
  await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'my-agent-tests', type: 'module', private: true }, null, 2)}\n`)
  const installed = await run(
    'npm',
    ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, `vitest@${versions.vitest}`, `zod@${versions.zod}`],
    { cwd: project },
  )
  if (installed.code !== 0) throw new Error(`npm install in ${project} failed (the registry must be reachable the first time):\n${installed.stderr}`)
  // The published manifest runs nothing at install time, so npm has nothing to warn about.
  if (/install-scripts|vitest-toolcheck.*\b(pre|post)?install\b|\bprepare\b/.test(installed.stderr)) throw new Error(`npm install warned about the package's scripts:\n${installed.stderr}`)
  for (const file of ['vitest.config.ts', 'my-agent.ts', 'wifi-scenario.ts', 'my-agent.test.ts', 'openai-agent.test.ts']) await cp(join(repository, 'examples', file), join(project, file))
  return project
}
