import { describe, expect, test } from 'vitest'
import { main } from '../../src/cli/main.ts'

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

describe('command-line argument errors', () => {
  test.for([['tools', '--bogus'], ['tools', 'extra'], ['scenarios', '--bogus'], ['scenarios', '--category'], ['schema', '--bogus']])(
    '%s %s is a usage error (exit 2) naming the command, not a crash',
    async (args) => {
      const { code, stdout, stderr } = await run(...args)
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toMatch(new RegExp(`^toolcheck ${args[0]}: `))
      expect(stderr).toContain('usage: toolcheck')
    },
  )

  test('the commands still accept their own options', async () => {
    expect((await run('tools', '--json')).code).toBe(0)
    const listed = await run('scenarios', '--json', '--category', 'STATE_DEPENDENCY')
    expect(listed.code).toBe(0)
    expect(JSON.parse(listed.stdout).count).toBeGreaterThan(0)
    expect((await run('schema')).code).toBe(0)
  })
})
