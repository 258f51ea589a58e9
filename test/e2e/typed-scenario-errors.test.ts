import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { run } from './consumer-project.ts'
import { packedProject } from './packed-project.ts'

// A user's project with a typed scenario for each misspelling (a table, a column, a tool; in the
// world, the tool lists, milestones, minefields and the reference), type-checked against the
// installed package by TypeScript 5.9 (this repository's) and TypeScript 7 (installed from the
// npm registry into a scratch folder; npm's cache makes that quick after the first run).
const FIXTURE = 'test/e2e/fixtures/misspelt-names'
const project = await packedProject(['bank.ts', 'tsconfig.json'].map((file) => ({ from: `${FIXTURE}/${file}`, to: file })))
const scratch: string[] = []
afterAll(() => Promise.all([project, ...scratch].map((folder) => rm(folder, { recursive: true, force: true }))))

/** One error as `tsc --pretty false` prints it: the place, the first line and the lines under it. */
interface Diagnostic {
  readonly line: number
  readonly column: number
  readonly text: string
}

function diagnosticsOf(output: string): Diagnostic[] {
  const found: { line: number; column: number; text: string }[] = []
  for (const line of output.split('\n')) {
    const head = /^bank\.ts\((\d+),(\d+)\): error (.*)$/.exec(line)
    if (head !== null) found.push({ line: Number(head[1]), column: Number(head[2]), text: head[3] as string })
    else if (line.startsWith(' ') && found.length > 0) (found.at(-1) as { text: string }).text += `\n${line.trim()}`
  }
  return found
}

/** The misspellings the fixture marks (`// misspelt: <name>` above the line that holds it). */
async function misspellings(): Promise<{ name: string; line: number; column: number; source: string }[]> {
  const lines = (await readFile(join(project, 'bank.ts'), 'utf8')).split('\n')
  return lines.flatMap((text, index) => {
    const marker = /^\s*\/\/ misspelt: (\S+)$/.exec(text)
    if (marker === null) return []
    const name = marker[1] as string
    const source = lines[index + 1] as string
    return [{ name, line: index + 2, column: source.indexOf(name) + 1, source }]
  })
}

/** `tsc` of TypeScript `version`, installed into a scratch folder of its own. */
async function typeScriptCompiler(version: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `toolcheck-typescript-${version}-`))
  scratch.push(folder)
  await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'typescript-for-a-test', private: true }))
  const installed = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `typescript@${version}`], { cwd: folder })
  if (installed.code !== 0) throw new Error(`npm install typescript@${version} failed (the registry must be reachable the first time):\n${installed.stderr}`)
  return join(folder, 'node_modules', 'typescript', 'bin', 'tsc')
}

const COMPILERS: readonly { readonly name: string; readonly version: RegExp; readonly tsc: () => Promise<string> }[] = [
  { name: 'TypeScript 5.9', version: /^Version 5\.9\./, tsc: async () => join(project, 'node_modules', 'typescript', 'bin', 'tsc') },
  { name: 'TypeScript 7', version: /^Version 7\./, tsc: () => typeScriptCompiler('7') },
]

describe.each(COMPILERS)('a misspelt name in a typed scenario, on $name', ({ version, tsc }) => {
  test('is reported where it is written, naming it, and nothing else is', { timeout: 180_000 }, async () => {
    const compiler = await tsc()
    expect((await run(process.execPath, [compiler, '--version'], { cwd: project })).stdout).toMatch(version)
    const checked = await run(process.execPath, [compiler, '-p', 'tsconfig.json', '--pretty', 'false'], { cwd: project })
    expect(checked.code).not.toBe(0)
    const diagnostics = diagnosticsOf(checked.stdout)
    const expected = await misspellings()
    expect(expected.map((misspelling) => misspelling.name)).toEqual(['acounts', 'balanse', 'transfer_fund', 'acount', 'acounts_table', 'transfer_money', 'close_acount', 'wire_funds', 'wire_money'])
    for (const misspelling of expected) {
      const onLine = diagnostics.filter((diagnostic) => diagnostic.line === misspelling.line)
      expect(onLine, `one error on line ${misspelling.line}: ${misspelling.source.trim()}`).toHaveLength(1)
      const [diagnostic] = onLine as [Diagnostic]
      // At the name itself (its key, or its quotes), or at the helper call that was given it.
      const before = misspelling.source.slice(diagnostic.column - 1, misspelling.column - 1)
      expect(before, `the error on line ${misspelling.line} points at ${JSON.stringify(misspelling.source.slice(diagnostic.column - 1))}`).toMatch(/^(?:\w+\(|\w+: )?'?$/)
      expect(diagnostic.text).toMatch(new RegExp(`["']${misspelling.name}["']`))
      expect(diagnostic.text).not.toMatch(/overload/i)
    }
    // Nothing else: not the `defineScenario` call, not the scenario spelt right.
    expect(diagnostics.filter((diagnostic) => !expected.some((misspelling) => misspelling.line === diagnostic.line))).toEqual([])
  })
})
