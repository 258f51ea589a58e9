/**
 * The command line's whole process, as a user runs it: the package laid out as npm installs it
 * (the built `dist/` with its bundled ToolTalk command, `bin/` and package.json under
 * node_modules), started with this Node. Each is timed side by side with `node -e 0`, Node
 * starting and stopping, so that the figure is a ratio that holds from one machine (and one load)
 * to another. The headline is `toolcheck tooltalk <ToolTalk's easy folder> --agent reference
 * --json`, which should take at most twice as long as `node -e 0` and peak at 60 MB at most.
 * ToolTalk's own Python evaluation of the folder is timed beside it when
 * `TOOLCHECK_BENCH_TOOLTALK_COMMAND` gives the shell command that runs it, and reported as
 * unmeasured otherwise.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Baseline } from './harness.ts'
import { defineBenchmarks } from './harness.ts'

const repository = fileURLToPath(new URL('../', import.meta.url))
const easy = fileURLToPath(new URL('../../shared/tooltalk/data/easy', import.meta.url))

interface Installed {
  readonly bin: string
  /** Reports the process's peak resident memory (kB, VmHWM where /proc has it) on stderr at exit. */
  readonly peakHook: string
}

/** Builds the package and lays it out as an installed dependency in a temporary project. */
async function install(): Promise<Installed> {
  const built = spawnSync('npm', ['run', 'build'], { cwd: repository, encoding: 'utf8' })
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`)
  const project = await mkdtemp(join(tmpdir(), 'toolcheck-bench-'))
  const installed = join(project, 'node_modules', 'vitest-toolcheck')
  await mkdir(installed, { recursive: true })
  for (const entry of ['dist', 'bin', 'package.json']) await cp(join(repository, entry), join(installed, entry), { recursive: true })
  for (const entry of await readdir(join(repository, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'vitest-toolcheck') continue
    await symlink(join(repository, 'node_modules', entry), join(project, 'node_modules', entry))
  }
  const peakHook = join(project, 'peak-memory.mjs')
  // VmHWM is the high-water mark of this program's own memory. getrusage's maxRSS is not: on Linux
  // it keeps what the process held before exec, so a child of a large bench process reads as large.
  await writeFile(
    peakHook,
    "import { readFileSync } from 'node:fs'\nprocess.on('exit', () => process.stderr.write(`peak ${/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? process.resourceUsage().maxRSS}\\n`))\n",
  )
  return { bin: join(installed, 'bin', 'toolcheck.js'), peakHook }
}

function runCommand(args: readonly string[], nodeOptions: readonly string[] = []): string {
  const result = spawnSync(process.execPath, [...nodeOptions, ...args], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}:\n${result.stderr}`)
  return result.stderr
}

/** Peak resident memory of one more run, in MB. */
function peakMegabytes(installed: Installed, args: readonly string[]): number {
  const line = runCommand([installed.bin, ...args], ['--import', installed.peakHook]).split('\n').findLast((text) => text.startsWith('peak '))
  return Math.round(Number(line?.slice('peak '.length)) / 102.4) / 10
}

const tooltalkArgs = ['tooltalk', easy, '--agent', 'reference', '--json']

const nodeAlone: Baseline = { name: 'node -e 0', run: () => runCommand(['-e', '0']) }

/** ToolTalk's own evaluation of the easy folder, when this machine has it (it is a Python project, not a dependency). */
function toolTalkItself(): Baseline {
  const name = "ToolTalk's own Python evaluation of the easy folder"
  const command = process.env.TOOLCHECK_BENCH_TOOLTALK_COMMAND
  if (command === undefined || command === '') return { name, unmeasured: 'set TOOLCHECK_BENCH_TOOLTALK_COMMAND to the shell command that runs it to time it here' }
  return {
    name,
    run: () => {
      const result = spawnSync(command, { shell: true, encoding: 'utf8' })
      if (result.status !== 0) throw new Error(`${command} exited with ${result.status}:\n${result.stderr}`)
    },
  }
}

export default defineBenchmarks([
  {
    name: 'toolcheck --version, whole process',
    iterations: 20,
    warmUp: 3,
    baselines: [nodeAlone],
    setup: install,
    run: (state) => runCommand([(state as Installed).bin, '--version']),
    facts: (state) => ({ peakMB: peakMegabytes(state as Installed, ['--version']) }),
  },
  ...(existsSync(easy)
    ? [
        {
          name: "toolcheck tooltalk <ToolTalk's easy folder> --agent reference --json, whole process",
          iterations: 20,
          warmUp: 3,
          baselines: [nodeAlone, toolTalkItself()],
          targetRatio: 2,
          setup: install,
          run: (state: unknown) => runCommand([(state as Installed).bin, ...tooltalkArgs]),
          targets: (state: unknown) => [{ name: 'peak memory', measured: peakMegabytes(state as Installed, tooltalkArgs), limit: 60, unit: 'MB' }],
        },
      ]
    : []),
])
