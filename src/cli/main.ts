import type { CommandIo } from './io.ts'

const USAGE = `usage: toolcheck <command> [options]

commands:
  eval [options]                 run the built-in scenarios against the configured agent
                                 (TOOLCHECK_AGENT=reference|openai:<model>|hf:<model>)
  tools [--json]                 list the built-in tools with their domain, action flag and required state
  scenarios [--json]             list the built-in scenarios with their categories
  schema                         print the JSON Schema of scenario files
  tooltalk <conversations-dir> [--databases <dir>] [--agent <agent>] [--strict] [--json]
                                 replay and score a ToolTalk dataset folder
  help                           show this text
`

/**
 * Runs one toolcheck command and returns the process exit code. Each command is imported only when
 * used, so listing tools does not load vitest or the model clients.
 */
export async function main(args: readonly string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = args
  switch (command) {
    case 'tools':
      return (await import('./tools-command.ts')).runToolsCommand(rest, io)
    case 'scenarios':
      return (await import('./scenarios-command.ts')).runScenariosCommand(rest, io)
    case 'eval':
      return (await import('./eval.ts')).runEval([...rest], io)
    case 'schema':
      io.stdout(`${JSON.stringify((await import('../scenario/index.ts')).scenarioJsonSchema(), null, 2)}\n`)
      return 0
    case 'tooltalk':
      return (await import('./tooltalk.ts')).runToolTalkCommand([...rest], io)
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
