import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { main } from '../../src/cli/main.ts'

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

describe('toolcheck judge calibrate', () => {
  let directory: string
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'toolcheck-judge-cli-'))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  test('scores the built-in judge on the shipped corpus: precision, recall, cannot-tell rate, confusion table, per language', async () => {
    const { code, stdout, stderr } = await run('judge', 'calibrate')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^built-in judge on the labelled corpus \(209 messages\)/)
    expect(stdout).toMatch(/tells the user it could not be done: precision 1\.000 \(\d+\/\d+\), recall 0\.\d{3}, cannot tell 0\.\d{3} of 209/)
    expect(stdout).toContain('  label \\ answer      yes      no  cannot-tell')
    expect(stdout).toMatch(/^ {2}ja {3}precision 1\.000/m)
    expect(stdout).not.toContain('WRONG')
  })

  test("scores the user's own examples, and a judge module of theirs, with --json", async () => {
    const examples = join(directory, 'examples.jsonl')
    await writeFile(examples, ['{"message": "Hecho, todo listo.", "language": "es", "reportsFailure": false, "claimsSuccess": true}', '', '{"message": "Ik kon het niet doen.", "reportsFailure": true, "claimsSuccess": false}'].join('\n'))
    const module = join(directory, 'judge.mjs')
    await writeFile(module, "export default ({ message }) => (message.includes('niet') ? 'no' : 'cannot-tell')\n")
    const { code, stdout } = await run('judge', 'calibrate', '--examples', examples, '--judge', module, '--json')
    expect(code).toBe(0)
    const figures = JSON.parse(stdout) as { judge: string; examples: { questions: Record<string, { overall: { messages: number; wrong: { message: string }[] } }> } }
    expect(figures.judge).toBe(`built-in, then ${module}`)
    expect(figures.examples.questions['reports-failure']?.overall.messages).toBe(2)
    // The module answers "no" to both questions about the Dutch report: wrong for one of them.
    expect(figures.examples.questions['reports-failure']?.overall.wrong.map((wrong) => wrong.message)).toEqual(['Ik kon het niet doen.'])
  })

  test('an examples file that cannot be read names the file and line, exit 1', async () => {
    const examples = join(directory, 'bad.jsonl')
    await writeFile(examples, '{"message": "Done.", "reportsFailure": false, "claimsSuccess": true}\n{"message": "Done."}\n')
    const { code, stderr } = await run('judge', 'calibrate', '--examples', examples)
    expect(code).toBe(1)
    expect(stderr).toContain(`${examples}:2: reportsFailure`)
    expect((await run('judge', 'calibrate', '--examples', join(directory, 'none.jsonl'))).stderr).toMatch(/cannot read the examples file/)
  })

  test('usage errors exit 2 with the usage', async () => {
    const missing = await run('judge')
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^toolcheck judge: say what to do: toolcheck judge calibrate\n\nusage: toolcheck judge calibrate/)
    expect((await run('judge', 'measure')).stderr).toMatch(/unknown action "measure"; the action is calibrate/)
    expect((await run('judge', 'calibrate', '--judge', 'gpt-4o')).stderr).toMatch(/--judge is "gpt-4o", which is not a judge toolcheck knows; use built-in, openai:<model> or hf:<model> \(did you mean "openai:gpt-4o"\?\)/)
    expect((await run('judge', 'calibrate', '--jduge', 'x')).code).toBe(2)
  })
})
