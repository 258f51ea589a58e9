import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TOOLSANDBOX_VARIANTS } from '../../src/augmentation/index.ts'
import { main } from '../../src/cli/main.ts'

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

// The tools of ToolSandbox's `cellular_off`: set_cellular_service_status (and end_conversation, the user's).
const cellularOff = {
  id: 'cellular-off',
  categories: ['SINGLE_TOOL_CALL'],
  user: { goal: 'Get cellular off.', knowledge: 'Nothing else.' },
  firstMessage: 'Turn off cellular.',
  tools: { allow: ['set_cellular_service_status'] },
  milestones: [{ constraints: [{ kind: 'updated', table: 'settings', rows: [{ cellular: false }] }] }],
  reference: [{ agent: 'call', calls: [{ tool: 'set_cellular_service_status', arguments: { on: false } }] }, { agent: 'say', content: 'Cellular is off.' }, { user: 'end' }],
}

let folder = ''
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'toolcheck-scenarios-'))
  await writeFile(join(folder, 'cellular-off.json'), JSON.stringify(cellularOff))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

interface Listed {
  readonly cases: readonly { scenario: string; augmentation: string; tools: readonly { name: string; tool: string }[] }[]
}

describe('toolcheck scenarios --scenarios --variants --json', () => {
  test("lists every case with the tools it shows, in the order shown, as ToolSandbox shows cellular_off's", async () => {
    const { code, stdout, stderr } = await run('scenarios', '--scenarios', folder, '--variants', 'all', '--json')
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const { cases } = JSON.parse(stdout) as Listed
    expect(cases.map((item) => item.augmentation)).toEqual(TOOLSANDBOX_VARIANTS.map((variant) => variant.label))
    expect(cases.every((item) => item.scenario === 'cellular-off')).toBe(true)
    const names = (index: number) => cases[index]?.tools.map((tool) => tool.name)
    expect(names(0)).toEqual(['set_cellular_service_status'])
    expect(names(1)).toEqual(['get_cellular_service_status', 'get_wifi_status', 'set_cellular_service_status', 'set_wifi_status'])
    expect(cases[4]?.tools).toEqual([
      { name: 'setting_0', tool: 'get_cellular_service_status' },
      { name: 'setting_4', tool: 'get_wifi_status' },
      { name: 'setting_5', tool: 'set_cellular_service_status' },
      { name: 'setting_8', tool: 'set_wifi_status' },
    ])
    expect(names(3)).toHaveLength(33)
  })

  test('plain lists each scenario as written; the text listing names scrambled tools with the real one', async () => {
    const plain = JSON.parse((await run('scenarios', '--scenarios', join(folder, 'cellular-off.json'), '--variants', 'plain', '--json')).stdout) as Listed
    expect(plain.cases).toEqual([{ scenario: 'cellular-off', augmentation: 'none', tools: [{ name: 'set_cellular_service_status', tool: 'set_cellular_service_status' }] }])
    const text = await run('scenarios', '--scenarios', folder)
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('cellular-off <3 distraction tools, tool names scrambled>: setting_0 (get_cellular_service_status), setting_4 (get_wifi_status), ')
    expect(text.stdout).toMatch(/\n8 cases of 1 scenarios\n$/)
  })

  test('the built-in corpus is listed when only --variants is given', async () => {
    const { code, stdout } = await run('scenarios', '--variants', 'plain', '--json', '--category', 'CANONICALIZATION')
    expect(code).toBe(0)
    const { cases } = JSON.parse(stdout) as Listed
    expect(cases.length).toBeGreaterThan(10)
    expect(cases.every((item) => item.augmentation === 'none' && item.tools.length > 0)).toBe(true)
  })

  test('a path that does not exist, a bad set and --domain alone are clear errors', async () => {
    const missing = await run('scenarios', '--scenarios', join(folder, 'nope'), '--json')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain(`${join(folder, 'nope')}: no such file or folder`)
    const badSet = await run('scenarios', '--scenarios', folder, '--variants', 'some')
    expect(badSet.code).toBe(2)
    expect(badSet.stderr).toContain('--variants takes plain, all, robustness, faults, injections, user, world, not "some"')
    const domainAlone = await run('scenarios', '--domain', 'x.ts')
    expect(domainAlone.code).toBe(2)
    expect(domainAlone.stderr).toContain('--domain needs --scenarios')
  })
})
