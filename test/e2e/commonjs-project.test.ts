import { execFile } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { packedProject } from './packed-project.ts'

// What the README, docs/domains.md and `toolcheck help eval` say of a CommonJS project (the one
// `npm init -y` makes), checked against what happens: the bank example's TypeScript domain and
// scenario modules, handed to the command line, in an ES module project and in a CommonJS one.
const BANK = ['domain.ts', 'scenarios.ts', 'bank-agent.ts'].map((file) => ({ from: `examples/bank/${file}`, to: file }))
const esm = await packedProject(BANK)
const commonJs = await packedProject(BANK)
// `--agent` takes the default export or the export named agent.
for (const project of [esm, commonJs]) await writeFile(join(project, 'agent.ts'), "export { myBankAgent as agent } from './bank-agent.ts'\n")
await writeFile(join(commonJs, 'package.json'), JSON.stringify({ name: 'my-bank-tests', version: '1.0.0', main: 'index.js', type: 'commonjs', license: 'ISC' }, null, 2))
afterAll(() => Promise.all([esm, commonJs].map((project) => rm(project, { recursive: true, force: true }))))

async function toolcheck(project: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const bin = join(project, 'node_modules', 'vitest-toolcheck', 'bin', 'toolcheck.js')
  const { TOOLCHECK_AGENT: _agent, ...env } = process.env
  return promisify(execFile)(process.execPath, [bin, ...args], { cwd: project, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  )
}

describe('TypeScript modules on the command line', () => {
  test.for([
    ['an ES module', esm],
    ['a CommonJS', commonJs],
  ] as const)('in %s project, --domain ./domain.ts --scenarios ./scenarios.ts plays every scenario', async ([, project]) => {
    const ran = await toolcheck(project, ['eval', '--domain', './domain.ts', '--scenarios', './scenarios.ts', '--variants', 'plain', '--report-dir', 'report'])
    expect(ran.stderr).not.toContain('Cannot use import statement')
    expect(ran.stdout).toMatch(/^toolcheck: agent reference, (\d+) runs: \1 passed, 0 failed, 0 infrastructure errors$/m)
    expect(ran.code).toBe(0)
    const agent = await toolcheck(project, ['eval', '--agent', './agent.ts', '--domain', './domain.ts', '--scenarios', './scenarios.ts', '--variants', 'plain', '--report-dir', 'report-agent'])
    expect(agent.stderr).not.toContain('Cannot use import statement')
    expect(agent.stdout).toMatch(/^toolcheck: agent my-bank-agent, (\d+) runs: \1 passed/m)
  })

  test('toolcheck help eval says the same', async () => {
    const help = await toolcheck(commonJs, ['help', 'eval'])
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('TypeScript is fine, in an ES module or a CommonJS project')
  })
})
