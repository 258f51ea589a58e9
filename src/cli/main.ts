import { fileURLToPath } from 'node:url'
import { fs } from './builtin-modules.ts'
import { MODULE_EXTENSION } from '../module-extension.ts'
import type { CommandIo } from './io.ts'
import { isUsageError } from './usage-error.ts'

/** A command: its line in the general usage, and its module, imported only when it is used. */
interface Command {
  readonly summary: string
  readonly load: () => Promise<{ readonly usage: string; readonly run: (args: string[], io: CommandIo) => number | Promise<number> }>
}

// Each command is imported only when used, so listing tools does not load vitest and the
// ToolTalk command does not load the scenario corpus.
const COMMANDS: Readonly<Record<string, Command>> = {
  eval: {
    summary: 'run the built-in scenarios (or your own: --scenarios, --domain) against the configured agent (TOOLCHECK_AGENT, or your own: --agent)',
    load: async () => {
      const command = await import('./eval.ts')
      return { usage: command.EVAL_USAGE, run: command.runEval }
    },
  },
  plan: {
    summary: 'say what eval (with the same options) would play and call: runs, model calls in the cache and not, projected tokens and cost',
    load: async () => {
      const command = await import('./plan-command.ts')
      return { usage: command.PLAN_USAGE, run: command.runPlanCommand }
    },
  },
  merge: {
    summary: "join the reports of an evaluation's shards into the report of the whole, and check gates on it",
    load: async () => {
      const command = await import('./merge-command.ts')
      return { usage: command.MERGE_USAGE, run: command.runMergeCommand }
    },
  },
  tools: {
    summary: 'list the built-in tools with their domain, action flag and required state',
    load: async () => {
      const command = await import('./tools-command.ts')
      return { usage: command.TOOLS_USAGE, run: command.runToolsCommand }
    },
  },
  scenarios: {
    summary: 'list the built-in scenarios with their categories, or every case with the tools it shows',
    load: async () => {
      const command = await import('./scenarios-command.ts')
      return { usage: command.SCENARIOS_USAGE, run: command.runScenariosCommand }
    },
  },
  schema: {
    summary: 'print the JSON Schema of scenario files',
    load: async () => {
      const command = await import('./schema-command.ts')
      return { usage: command.SCHEMA_USAGE, run: command.runSchemaCommand }
    },
  },
  tooltalk: {
    summary: 'replay and score a ToolTalk dataset folder, or score predictions made elsewhere',
    load: async () => {
      const bundled = bundledCommand('tooltalk')
      const command = (bundled === undefined ? await import('./tooltalk.ts') : await importCompiled(bundled)) as typeof import('./tooltalk.ts')
      return { usage: command.TOOLTALK_USAGE, run: command.runToolTalkCommand }
    },
  },
  import: {
    summary: "import ToolSandbox's own scenarios from a checkout as scenario files: toolcheck import toolsandbox <checkout> --out <dir>",
    load: async () => {
      const command = await import('./import-command.ts')
      return { usage: command.IMPORT_USAGE, run: command.runImportCommand }
    },
  },
  judge: {
    summary: 'score a judge of the text checks (built-in, a model, your function) on the labelled corpus and your own examples',
    load: async () => {
      const command = await import('./judge-command.ts')
      return { usage: command.JUDGE_USAGE, run: command.runJudgeCommand }
    },
  },
  compare: {
    summary: 'compare two reports: regressions and improvements per scenario, decided by an exact test',
    load: async () => {
      const command = await import('./compare-command.ts')
      return { usage: command.COMPARE_USAGE, run: command.runCompareCommand }
    },
  },
}

/** The general usage text. */
export const USAGE = `usage: toolcheck <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(10)}  ${command.summary}`)
  .join('\n')}
  ${'help'.padEnd(10)}  this text; \`toolcheck help <command>\` or \`toolcheck <command> --help\` for a command's options

toolcheck --version prints the version.
`

/**
 * Runs one toolcheck command and returns the process exit code: 0 done, 1 the work failed, 2 a
 * usage mistake (printed with the command's usage), other codes as the command's help says.
 */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = args
  if (name === '--version' || name === '-v') {
    io.stdout(`vitest-toolcheck ${packageVersion()}\n`)
    return 0
  }
  if (name === undefined) {
    io.stdout(USAGE)
    return 1
  }
  if (name === 'help' || name === '--help' || name === '-h') return help(rest, io)
  const command = COMMANDS[name]
  if (command === undefined) {
    io.stderr(`toolcheck: unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(COMMANDS).join(', ')}, help\n\n${USAGE}`)
    return 2
  }
  const loaded = await command.load()
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(loaded.usage)
    return 0
  }
  try {
    return await loaded.run([...rest], io)
  } catch (error) {
    if (!isUsageError(error)) throw error
    io.stderr(`toolcheck ${name}: ${error.message}\n\n${loaded.usage}`)
    return 2
  }
}

/** `toolcheck help [<command>]`. */
async function help(topics: readonly string[], io: CommandIo): Promise<number> {
  const [topic, ...extra] = topics
  if (topic === undefined) {
    io.stdout(USAGE)
    return 0
  }
  const command = COMMANDS[topic]
  if (command === undefined || extra.length > 0) {
    const problem = command === undefined ? `no command ${JSON.stringify(topic)}; the commands are ${Object.keys(COMMANDS).join(', ')}` : 'takes one command'
    io.stderr(`toolcheck help: ${problem}\n\n${USAGE}`)
    return 2
  }
  io.stdout((await command.load()).usage)
  return 0
}

/**
 * The built package also holds the ToolTalk command bundled into one module
 * (`dist/src/cli/tooltalk.bundle.js`, made by `npm run build`): loading its modules one by one took
 * a third of a short run's time. What the command imports only on demand (model agents, reading
 * predictions) stays outside the bundle and is loaded from beside it, so the bundle is a single
 * file: esbuild would otherwise split the code it shares with those into further files. Returns
 * the bundle's URL when this is the built package and the bundle is there.
 */
function bundledCommand(name: string): string | undefined {
  if (MODULE_EXTENSION !== '.js') return undefined
  const bundle = new URL(`./${name}.bundle.js`, import.meta.url)
  return fs.existsSync(bundle) ? bundle.href : undefined
}

/**
 * Imports a module with V8 compiling all of its functions at once, rather than each on its first
 * call. Node's compile cache (which bin/toolcheck.js turns on) stores the code V8 made when it
 * compiled the module, and V8 compiles a function's body only when the function first runs, so a
 * short command that runs most of a large module would compile a few hundred functions again on
 * every start: about 5 ms of `toolcheck tooltalk`. Compiled at once, they all go into the cache,
 * and later starts read them from there. Meant for a bundle most of whose code runs: the first
 * start compiles every function, used or not. Lazy compilation is off only while the module is
 * compiled and evaluated, and back on afterwards, also when the import fails.
 */
async function importCompiled(url: string): Promise<unknown> {
  const v8 = process.getBuiltinModule('node:v8')
  v8.setFlagsFromString('--no-lazy')
  try {
    return await import(url)
  } finally {
    v8.setFlagsFromString('--lazy')
  }
}

/** The version in the package's own package.json (the repository's, or the installed package's). */
function packageVersion(): string {
  const file = fileURLToPath(import.meta.resolve('vitest-toolcheck/package.json'))
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version
}
