import type { CommandIo } from './io.ts'

const USAGE = `usage: toolcheck <command> [options]

commands:
  eval [options]                 run the built-in scenarios against the configured agent
                                 (TOOLCHECK_AGENT=reference|openai:<model>|hf:<model>)
  tools [--json]                 list the built-in tools with their domain, action flag and required state
  scenarios [--json] [--category <category>]
                                 list the built-in scenarios with their categories
  schema                         print the JSON Schema of scenario files
  tooltalk <conversations-dir> [--databases <dir>] [--agent <agent> | --predictions <path>] [--strict] [--json]
                                 replay and score a ToolTalk dataset folder, or score predictions
                                 made elsewhere in ToolTalk's output format
  compare <base> <head> [--json] [--markdown <file>] [--html <file>] [--alpha <level>]
                                 compare two reports: regressions and improvements per scenario
  help                           show this text
`

/**
 * Runs one toolcheck command and returns the process exit code. Each command is imported only when
 * used, so listing tools does not load vitest or the model clients.
 */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = args
  try {
    return await runCommand(command, rest, io)
  } catch (error) {
    // `parseArgs` throws on an unknown option, a stray positional or an option without its value:
    // a usage mistake, reported like the other commands' argument errors rather than as a crash.
    if (!isArgumentError(error)) throw error
    io.stderr(`toolcheck ${command}: ${error.message}\n\n${USAGE}`)
    return 2
  }
}

async function runCommand(command: string | undefined, rest: readonly string[], io: CommandIo): Promise<number> {
  switch (command) {
    case 'tools':
      return (await import('./tools-command.ts')).runToolsCommand(rest, io)
    case 'scenarios':
      return (await import('./scenarios-command.ts')).runScenariosCommand(rest, io)
    case 'eval':
      return (await import('./eval.ts')).runEval([...rest], io)
    case 'schema':
      if (rest.length > 0) {
        io.stderr(`toolcheck schema: takes no arguments, got ${rest.map((argument) => JSON.stringify(argument)).join(' ')}\n\n${USAGE}`)
        return 2
      }
      io.stdout(`${JSON.stringify((await import('../scenario/index.ts')).scenarioJsonSchema(), null, 2)}\n`)
      return 0
    case 'tooltalk':
      return (await import('./tooltalk.ts')).runToolTalkCommand([...rest], io)
    case 'compare':
      return (await import('./compare-command.ts')).runCompareCommand(rest, io)
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(USAGE)
      return command === undefined ? 1 : 0
    default:
      io.stderr(`toolcheck: unknown command "${command}"\n\n${USAGE}`)
      return 2
  }
}

function isArgumentError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')
}
