/**
 * The command line's whole process, as a user runs it: the package laid out as npm installs it
 * (the built `dist/` with its bundled ToolTalk command, `bin/` and package.json under
 * node_modules, the bin linked in node_modules/.bin), started with this Node. Each is timed side
 * by side with `node -e 0`, Node starting and stopping, so that the figure is a ratio that holds
 * from one machine (and one load) to another. The headlines are `toolcheck tooltalk <folder>
 * --agent reference --json` on ToolTalk's easy folder and on its hard one (`data/tooltalk`), each
 * of which should take at most twice as long as `node -e 0` and peak at 60 MB (easy) or 70 MB
 * (hard) at most.
 *
 * Beside them, as baselines timed in the same rounds:
 * - Python reading the same ToolTalk files (the databases and the folder's conversations) with
 *   `json.load` and nothing else: what ToolTalk's own evaluation, a Python program, cannot go
 *   below in time or memory. It is a lower bound of ToolTalk, not ToolTalk: its code is not on
 *   this machine, and it imports its own package and its requirements besides.
 * - ToolTalk's own Python evaluation, when `TOOLCHECK_BENCH_TOOLTALK_COMMAND` gives the shell
 *   command that runs it (`{folder}` in it stands for the folder; a command without it is run for
 *   the easy folder only); reported as unmeasured otherwise.
 * `npx toolcheck --version` is timed beside the bin's `--version`: npx starts npm first, which no
 * package can make faster, so the README gives the bin as the fast form.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Baseline, Benchmark } from './harness.ts'
import { defineBenchmarks } from './harness.ts'

const repository = fileURLToPath(new URL('../', import.meta.url))
const data = fileURLToPath(new URL('../../shared/tooltalk/data/', import.meta.url))
const databases = join(data, 'databases')

interface Installed {
  /** The temporary project the package is installed in. */
  readonly project: string
  readonly bin: string
  /** Reports the process's peak resident memory (kB, VmHWM where /proc has it) on stderr at exit. */
  readonly peakHook: string
}

let installing: Promise<Installed> | undefined

/** The package built and installed once for all the benchmarks here. */
function install(): Promise<Installed> {
  installing ??= installPackage()
  return installing
}

/** Builds the package and lays it out as an installed dependency in a temporary project. */
async function installPackage(): Promise<Installed> {
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
  // As npm links a dependency's bin, so that `npx toolcheck` finds it here.
  await mkdir(join(project, 'node_modules', '.bin'))
  await symlink(join('..', 'vitest-toolcheck', 'bin', 'toolcheck.js'), join(project, 'node_modules', '.bin', 'toolcheck'))
  const peakHook = join(project, 'peak-memory.mjs')
  // VmHWM is the high-water mark of this program's own memory. getrusage's maxRSS is not: on Linux
  // it keeps what the process held before exec, so a child of a large bench process reads as large.
  await writeFile(
    peakHook,
    "import { readFileSync } from 'node:fs'\nprocess.on('exit', () => process.stderr.write(`peak ${/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? process.resourceUsage().maxRSS}\\n`))\n",
  )
  return { project, bin: join(installed, 'bin', 'toolcheck.js'), peakHook }
}

function runCommand(args: readonly string[], nodeOptions: readonly string[] = []): string {
  const result = spawnSync(process.execPath, [...nodeOptions, ...args], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}:\n${result.stderr}`)
  return result.stderr
}

/** Peak resident memory of one more run of this Node with `args`, in MB. */
function peakMegabytes(installed: Installed, args: readonly string[]): number {
  const line = runCommand(args, ['--import', installed.peakHook]).split('\n').findLast((text) => text.startsWith('peak '))
  return Number(line?.slice('peak '.length)) / 1024
}

const nodeAlone: Baseline = { name: 'node -e 0', run: () => runCommand(['-e', '0']) }

// Reads what ToolTalk's evaluation reads (every database file, every conversation of the folder)
// the way Python reads JSON, and reports its peak memory (VmHWM) on stderr.
const PYTHON_READS_DATA = `import json, os, sys
folder, databases = sys.argv[1], sys.argv[2]
tables = {name: json.load(open(os.path.join(databases, name))) for name in sorted(os.listdir(databases)) if name.endswith('.json')}
conversations = [json.load(open(os.path.join(folder, name))) for name in sorted(os.listdir(folder)) if name.endswith('.json')]
status = open('/proc/self/status').read()
sys.stderr.write('peak ' + status.split('VmHWM:')[1].split()[0] + '\\n')
`

/**
 * The Python interpreter itself, not a launcher in front of it (pyenv's `python3` is a shell
 * script that takes several times as long as Python to start), or undefined without python3.
 */
const python = ((): string | undefined => {
  const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' })
  return found.error === undefined && found.status === 0 ? found.stdout.trim() || undefined : undefined
})()

/** Runs the Python lower bound once for a folder; returns its stderr, or undefined when there is no python3. */
function pythonReadsData(folder: string): string | undefined {
  if (python === undefined) return undefined
  const result = spawnSync(python, ['-c', PYTHON_READS_DATA, folder, databases], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`python3 reading ${folder} exited with ${result.status}:\n${result.stderr}`)
  return result.stderr
}

const PYTHON_FLOOR = 'Python reading the same ToolTalk files with json.load (a lower bound of ToolTalk itself)'

function pythonFloor(folder: string): Baseline {
  if (pythonReadsData(folder) === undefined) return { name: PYTHON_FLOOR, unmeasured: 'this machine has no python3' }
  return { name: PYTHON_FLOOR, run: () => pythonReadsData(folder) }
}

/** The Python lower bound's peak memory for a folder, in MB (NaN without python3 or /proc). */
function pythonFloorPeak(folder: string): number {
  const line = pythonReadsData(folder)
    ?.split('\n')
    .findLast((text) => text.startsWith('peak '))
  return Number(line?.slice('peak '.length)) / 1024
}

/** ToolTalk's own evaluation of a folder, when this machine has it (it is a Python project, not a dependency). */
function toolTalkItself(folder: string, easy: boolean): Baseline {
  const name = "ToolTalk's own Python evaluation of the folder"
  const command = process.env.TOOLCHECK_BENCH_TOOLTALK_COMMAND
  if (command === undefined || command === '') return { name, unmeasured: 'set TOOLCHECK_BENCH_TOOLTALK_COMMAND to the shell command that runs it to time it here' }
  if (!command.includes('{folder}') && !easy) return { name, unmeasured: 'TOOLCHECK_BENCH_TOOLTALK_COMMAND has no {folder}, so it runs the easy folder only' }
  const shell = command.replaceAll('{folder}', folder)
  return {
    name,
    run: () => {
      const result = spawnSync(shell, { shell: true, encoding: 'utf8' })
      if (result.status !== 0) throw new Error(`${shell} exited with ${result.status}:\n${result.stderr}`)
    },
  }
}

/** `npx toolcheck --version` in the installed project, on this Node (npx is npm's, from PATH). */
function npxVersion(installed: Installed): string {
  const result = spawnSync('npx', ['--no-install', 'toolcheck', '--version'], {
    cwd: installed.project,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` },
  })
  if (result.error !== undefined || result.status !== 0) throw new Error(`npx toolcheck --version failed: ${result.error?.message ?? result.stderr}`)
  return result.stdout
}

const hasNpx = spawnSync('npx', ['--version'], { encoding: 'utf8' }).error === undefined

/** The ToolTalk command on one folder, with its peak-memory limit. */
function toolTalkBenchmark(label: string, folder: string, easy: boolean, peakLimitMB: number): Benchmark {
  const args = ['tooltalk', folder, '--agent', 'reference', '--json']
  return {
    name: `toolcheck tooltalk <ToolTalk's ${label}> --agent reference --json, whole process`,
    // More rounds than the other start-up figures: on a loaded machine the medians of 20 swung by a
    // quarter from one run to the next.
    iterations: 40,
    warmUp: 3,
    baselines: [nodeAlone, pythonFloor(folder), toolTalkItself(folder, easy)],
    targetRatio: 2,
    setup: install,
    run: (state) => runCommand([(state as Installed).bin, ...args]),
    facts: (state) => ({
      nodeAlonePeakMB: peakMegabytes(state as Installed, ['-e', '0']),
      pythonFloorPeakMB: pythonFloorPeak(folder),
      upstreamPeakMB: 'unmeasured: ToolTalk is not installed here (the Python floor above is a lower bound of it)',
    }),
    targets: (state) => [{ name: 'peak memory', measured: peakMegabytes(state as Installed, [(state as Installed).bin, ...args]), limit: peakLimitMB, unit: 'MB' }],
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
    facts: (state) => ({ peakMB: peakMegabytes(state as Installed, [(state as Installed).bin, '--version']) }),
  },
  ...(hasNpx
    ? [
        {
          name: 'npx toolcheck --version, whole process (npm starts first)',
          iterations: 10,
          warmUp: 2,
          baselines: [{ name: 'node_modules/.bin/toolcheck --version', run: (state: unknown) => runCommand([(state as Installed).bin, '--version']) }],
          setup: install,
          run: (state: unknown) => npxVersion(state as Installed),
        },
      ]
    : []),
  ...(existsSync(join(databases, 'Account.json'))
    ? [
        ...(existsSync(join(data, 'easy')) ? [toolTalkBenchmark('easy folder', join(data, 'easy'), true, 60)] : []),
        ...(existsSync(join(data, 'tooltalk')) ? [toolTalkBenchmark('hard folder (data/tooltalk)', join(data, 'tooltalk'), false, 70)] : []),
      ]
    : []),
])
