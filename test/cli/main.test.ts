import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { main, USAGE } from '../../src/cli/main.ts'

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

const COMMANDS = ['eval', 'tools', 'scenarios', 'schema', 'tooltalk', 'judge']

describe('help', () => {
  test.for(COMMANDS)('%s --help, -h and help %s print that command\'s usage', async (command) => {
    const asOption = await run(command, '--help')
    expect(asOption).toEqual({ code: 0, stdout: expect.stringMatching(new RegExp(`^usage: toolcheck ${command}\\b`)), stderr: '' })
    expect(asOption.stdout).not.toBe(USAGE)
    expect(await run(command, '-h')).toEqual(asOption)
    expect(await run('help', command)).toEqual(asOption)
  })

  test('help and --help print the general usage, which lists every command', async () => {
    const general = await run('help')
    expect(general).toEqual({ code: 0, stdout: USAGE, stderr: '' })
    expect(await run('--help')).toEqual(general)
    for (const command of COMMANDS) expect(USAGE).toMatch(new RegExp(`^  ${command} +\\S`, 'm'))
  })

  test('help for a command that does not exist is a usage error', async () => {
    const { code, stderr } = await run('help', 'evaluate')
    expect(code).toBe(2)
    expect(stderr).toMatch(/^toolcheck help: no command "evaluate"; the commands are eval, plan, merge, tools, scenarios, schema, tooltalk, import, judge, compare\n/)
  })

  test('--version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(await run('--version')).toEqual({ code: 0, stdout: `vitest-toolcheck ${version}\n`, stderr: '' })
  })
})

describe('command-line argument errors', () => {
  test.for([
    [['tools', '--bogus'], 'unknown option "--bogus"; the options are --json'],
    [['tools', '--jsn'], 'unknown option "--jsn"; the options are --json (did you mean --json?)'],
    [['tools', 'extra'], 'unexpected argument "extra"; the options are --json'],
    [['scenarios', '--category'], '--category needs a value'],
    [['scenarios', '--category', 'STATE'], '--category takes one of SINGLE_TOOL_CALL, '],
    [['schema', '--bogus'], 'unknown option "--bogus"; it takes no arguments'],
    [['schema', 'x'], 'unexpected argument "x"; it takes no arguments'],
    [['eval', '--trails', '3'], 'unknown option "--trails"; the options are --scenarios, --domain, --agent, --user, --replay-user-errors, --filter, --variants, --trials, --report-dir, --scoring, --judge, --resume, --shard, --previous, --max-model-calls, --max-tokens, --max-cost, --min-score, --min-pass-rate, --min-category-score, --min-category-pass-rate, --baseline, --max-missing, --alpha, --max-user-errors, --max-false-claims, --max-attack-success, --min-family-pass-rate (did you mean --trials?)'],
    [['eval', '--trials', 'two'], '--trials takes a whole number of at least 1, not "two"'],
    [['tooltalk'], 'give the conversations folder'],
    [['tooltalk', 'a', 'b'], 'one conversations folder at a time; unexpected "b"'],
  ] as const)('%j is a usage error (exit 2) naming what was wrong, then the command\'s usage', async ([args, message]) => {
    const { code, stdout, stderr } = await run(...args)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`toolcheck ${args[0]}: ${message}`)
    expect(stderr).toMatch(new RegExp(`\n\nusage: toolcheck ${args[0]}\\b`))
  })

  test('an unknown command lists the commands', async () => {
    const { code, stderr } = await run('tool')
    expect(code).toBe(2)
    expect(stderr).toMatch(/^toolcheck: unknown command "tool"; the commands are eval, plan, merge, tools, scenarios, schema, tooltalk, import, judge, compare, help\n/)
  })

  test('the commands still accept their own options', async () => {
    expect((await run('tools', '--json')).code).toBe(0)
    const listed = await run('scenarios', '--json', '--category', 'STATE_DEPENDENCY')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout).count).toBeGreaterThan(0)
    expect((await run('schema')).code).toBe(0)
  })
})

describe('compare on the common parser', () => {
  test.for([
    ['--markdown', '--markdown needs a value'],
    ['--alpha', '--alpha needs a value'],
    ['--html', '--html needs a value'],
    ['--colour', 'unknown option "--colour"'],
  ])('compare a b %s: exit code 2 with one line naming the option, no stack', async ([option, message]) => {
    const result = await run('compare', 'a', 'b', option as string)
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toContain(`toolcheck compare: ${message}`)
    expect(result.stderr).not.toMatch(/^\s+at /m)
  })
})
