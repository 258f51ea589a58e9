import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { builtInScenarios } from '../../scenarios/index.ts'
import { applyAugmentation, TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { main, USAGE } from '../../src/cli/main.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { loadScenarioDirectory } from '../../src/scenario/index.ts'
import type { ToolSpec } from '../../src/tools/tool-spec.ts'
import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import { TOOLSANDBOX_CHECKOUT } from './toolsandbox-checkout.ts'

// ToolSandbox's own variants, checked against ToolSandbox's own code: its checkout next to the
// repository (`../shared/toolsandbox`), run with the machine's python3 through the importer's
// extractor (which supplies stand-ins for the packages the machine lacks). For every case, the
// tools toolcheck shows (`toolcheck scenarios --json`: names as shown, the tools behind them, in
// order) must be ToolSandbox's, and each tool must be stripped as ToolSandbox strips it.
const CHECKOUT = TOOLSANDBOX_CHECKOUT
const EXTRACT = fileURLToPath(new URL('../../scenarios/toolsandbox/import/extract.py', import.meta.url))
const PRESENTATION = fileURLToPath(new URL('./toolsandbox-presentation.py', import.meta.url))
const run = promisify(execFile)

/** A tool as ToolSandbox shows it (the extractor's JSON). */
interface ShownTool {
  readonly name: string
  readonly tool: string
  readonly description: string
  readonly parameters: { readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>> }
}

/** One of ToolSandbox's cases: `base` under `augmentation` (`none`, `3_distraction_tools`, ...). */
interface ToolSandboxCase {
  readonly base: string
  readonly augmentation: string
  readonly allowList: readonly string[]
  readonly denyList: readonly string[] | null
  readonly tools: readonly ShownTool[]
}

/** The extractor's names of the variants, in `TOOLSANDBOX_VARIANTS` order. */
const VARIANT_NAMES = ['none', '3_distraction_tools', '10_distraction_tools', 'all_tools', 'tool_name_scrambled', 'tool_description_scrambled', 'arg_description_scrambled', 'arg_type_scrambled']
const LABEL_OF = new Map(VARIANT_NAMES.map((name, index) => [name, TOOLSANDBOX_VARIANTS[index]?.label ?? '']))

/** What a case shows, as one comparable line: each tool's shown name and real tool, in order. */
function listing(tools: readonly { readonly name: string; readonly tool: string }[]): string {
  return tools.map((tool) => `${tool.name}=${tool.tool}`).join(' ')
}

/** What each shown tool keeps of its documentation: a description, and per argument a description and a type. */
function stripping(tools: readonly { readonly description: string; readonly parameters: unknown }[]): string {
  return JSON.stringify(
    tools.map((tool) => {
      const properties = ((tool.parameters as ShownTool['parameters']).properties ?? {}) as ShownTool['parameters']['properties']
      return [tool.description !== '', Object.entries(properties).map(([name, property]) => [name, typeof property.description === 'string' && property.description !== '', 'type' in property || 'enum' in property])]
    }),
  )
}

/** The one difference the docs name: ToolSandbox keeps modify_reminder's argument descriptions (its docstring has no Returns section). */
function knownDifference(augmentation: string, tools: readonly { readonly tool: string }[]): boolean {
  return augmentation === 'arg_description_scrambled' && tools.some((tool) => tool.tool === 'modify_reminder')
}

const pythonFound = await run('python3', ['--version']).then(
  () => true,
  () => false,
)
const ready = pythonFound && existsSync(join(CHECKOUT, 'tool_sandbox'))
// `toolcheck import toolsandbox` comes with the importer; until then its folder is not checked.
const importer = /^  import +\S/m.test(USAGE)

let folder = ''
let toolSandboxCases: ToolSandboxCase[] = []
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'toolcheck-toolsandbox-variants-'))
  if (!ready) return
  const { stdout } = await run('python3', [EXTRACT, '--checkout', CHECKOUT, '--mode', 'tools'], { maxBuffer: 256 * 1024 * 1024 })
  toolSandboxCases = (JSON.parse(stdout) as { cases: ToolSandboxCase[] }).cases
}, 600_000)
afterAll(() => rm(folder, { recursive: true, force: true }))

/** `toolcheck scenarios --scenarios <path> --variants all --json`, run as a user runs it. */
async function listedCases(path: string): Promise<{ scenario: string; augmentation: string; tools: { name: string; tool: string }[] }[]> {
  let stdout = ''
  let stderr = ''
  const code = await main(['scenarios', '--scenarios', path, '--variants', 'all', '--json'], { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  return (JSON.parse(stdout) as { cases: { scenario: string; augmentation: string; tools: { name: string; tool: string }[] }[] }).cases
}

/** The specs of a case as toolcheck shows them, for the stripping check. */
function shownSpecs(scenario: Scenario, label: string): readonly ToolSpec[] {
  const variant = TOOLSANDBOX_VARIANTS.find((candidate) => candidate.label === label)
  if (variant === undefined) throw new Error(`no variant labelled ${label}`)
  return applyAugmentation(scenario, variant.augmentation, deviceDomain.registry).tools
}

describe.skipIf(!ready)("ToolSandbox's eight variants, against ToolSandbox's own code", () => {
  test("every one of named_scenarios()'s 1,032 cases shows ToolSandbox's tools, names and order", async () => {
    expect(toolSandboxCases).toHaveLength(1032)
    // Each base scenario's tools as a scenario file: its allow and deny lists (end_conversation is
    // every run's), which is all a variant reads.
    const bases = toolSandboxCases.filter((item) => item.augmentation === 'none')
    expect(bases).toHaveLength(129)
    const dir = join(folder, 'bases')
    await run('mkdir', ['-p', dir])
    for (const base of bases) {
      const file = {
        id: base.base,
        categories: ['SINGLE_TOOL_CALL'],
        user: { goal: 'Anything.', knowledge: 'Nothing else.' },
        firstMessage: 'Hello.',
        tools: { allow: base.allowList.filter((name) => name !== 'end_conversation'), deny: base.denyList ?? [] },
        reference: [{ agent: 'say', content: 'Hello.' }, { user: 'end' }],
      }
      await writeFile(join(dir, `${base.base}.json`), JSON.stringify(file))
    }
    const ours = new Map((await listedCases(dir)).map((item) => [`${item.scenario} <${item.augmentation}>`, item]))
    expect(ours.size).toBe(1032)
    const loaded = await loadScenarioDirectory(dir)
    const byId = new Map(loaded.scenarios.map((scenario) => [scenario.id, scenario]))
    const mismatched: string[] = []
    const stripped: string[] = []
    for (const theirs of toolSandboxCases) {
      const label = LABEL_OF.get(theirs.augmentation) ?? theirs.augmentation
      const mine = ours.get(`${theirs.base} <${label}>`)
      if (mine === undefined || listing(mine.tools) !== listing(theirs.tools)) mismatched.push(`${theirs.base} <${label}>: ${mine === undefined ? 'missing' : listing(mine.tools)} | ToolSandbox: ${listing(theirs.tools)}`)
      const scenario = byId.get(theirs.base) as Scenario
      if (stripping(shownSpecs(scenario, label)) !== stripping(theirs.tools)) stripped.push(`${theirs.base} <${label}>`)
    }
    expect(mismatched).toEqual([])
    // Stripped as ToolSandbox strips, but for the one difference the docs name.
    const expected = toolSandboxCases.filter((item) => knownDifference(item.augmentation, item.tools)).map((item) => `${item.base} <${LABEL_OF.get(item.augmentation) ?? ''}>`)
    expect(expected.length).toBeGreaterThan(0)
    expect(stripped).toEqual(expected)
  }, 600_000)

  test.skipIf(!importer)("the imported folder's 1,032 cases show ToolSandbox's tools, names and order", async () => {
    const out = join(folder, 'imported')
    let stderr = ''
    const code = await main(['import', 'toolsandbox', CHECKOUT, '--out', out], { stdout: () => undefined, stderr: (text) => void (stderr += text) })
    expect(code, stderr).toBe(0)
    const ours = new Map((await listedCases(out)).map((item) => [`${item.scenario} <${item.augmentation}>`, listing(item.tools)]))
    const mismatched = toolSandboxCases.flatMap((theirs) => {
      const key = `${theirs.base} <${LABEL_OF.get(theirs.augmentation) ?? theirs.augmentation}>`
      return ours.get(key) === listing(theirs.tools) ? [] : [`${key}: ${ours.get(key) ?? 'missing'} | ToolSandbox: ${listing(theirs.tools)}`]
    })
    expect(ours.size).toBe(1032)
    expect(mismatched).toEqual([])
  }, 600_000)

  test('every built-in scenario under every variant shows what ToolSandbox shows for its tools', async () => {
    const scenarios = builtInScenarios()
    const input = JSON.stringify(scenarios.map((scenario) => ({ id: scenario.id, allow: scenario.tools.allow, deny: scenario.tools.deny })))
    const child = execFile('python3', [PRESENTATION, EXTRACT, CHECKOUT], { maxBuffer: 256 * 1024 * 1024 })
    child.stdin?.end(input)
    let stdout = ''
    child.stdout?.on('data', (chunk: string) => void (stdout += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(code).toBe(0)
    const theirs = JSON.parse(stdout) as { id: string; augmentation: string; tools: ShownTool[] }[]
    expect(theirs).toHaveLength(scenarios.length * 8)
    const byId = new Map(scenarios.map((scenario) => [scenario.id, scenario]))
    const mismatched: string[] = []
    const stripped: string[] = []
    for (const item of theirs) {
      const label = LABEL_OF.get(item.augmentation) ?? item.augmentation
      const mine = shownSpecs(byId.get(item.id) as Scenario, label)
      if (listing(mine) !== listing(item.tools)) mismatched.push(`${item.id} <${label}>: ${listing(mine)} | ToolSandbox: ${listing(item.tools)}`)
      if (stripping(mine) !== stripping(item.tools) && !knownDifference(item.augmentation, item.tools)) stripped.push(`${item.id} <${label}>`)
    }
    expect(mismatched).toEqual([])
    expect(stripped).toEqual([])
  }, 600_000)
})
