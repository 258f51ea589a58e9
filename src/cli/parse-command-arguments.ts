import type { ParseArgsOptionsConfig } from 'node:util'
import { util } from './builtin-modules.ts'
import { closestNames } from '../tools/closest-names.ts'
import { UsageError } from './usage-error.ts'

/**
 * `node:util` `parseArgs` (strict) with its errors turned into `UsageError`s that name the
 * option and list the command's options: `unknown option "--trails"; the options are --filter,
 * --trials (did you mean --trials?)`. `--help` / `-h` is accepted by every command (`main`
 * answers it before the command runs) and is not listed.
 */
export function parseCommandArguments<Options extends ParseArgsOptionsConfig>(args: readonly string[], options: Options, allowPositionals = false) {
  const withHelp = { ...options, help: { type: 'boolean', short: 'h' } } as const satisfies ParseArgsOptionsConfig
  try {
    return util.parseArgs({ args: [...args], options: withHelp, allowPositionals, strict: true })
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) throw error
    const quoted = /'([^']*)'/.exec((error as Error).message)?.[1] ?? ''
    const names = Object.keys(options).map((name) => `--${name}`)
    const listed = names.length === 0 ? 'it takes no arguments' : `the options are ${names.join(', ')}`
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const [guess] = closestNames(quoted, names, 1)
      throw new UsageError(`unknown option ${JSON.stringify(quoted)}; ${listed}${guess === undefined ? '' : ` (did you mean ${guess}?)`}`)
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new UsageError(`unexpected argument ${JSON.stringify(quoted)}; ${listed}`)
    const option = quoted.split(' ')[0] ?? quoted
    if (/does not take an argument/.test((error as Error).message)) throw new UsageError(`${option} takes no value`)
    throw new UsageError(`${option} needs a value (write ${option}=<value> when the value starts with a dash)`)
  }
}
