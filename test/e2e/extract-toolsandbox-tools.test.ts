import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { TOOLSANDBOX_CHECKOUT } from './toolsandbox-checkout.ts'

const CHECKOUT = TOOLSANDBOX_CHECKOUT
const EXTRACT = fileURLToPath(new URL('../../scenarios/toolsandbox/import/extract.py', import.meta.url))

interface Case {
  readonly name: string
  readonly base: string
  readonly augmentation: string
  readonly allowList: readonly string[]
  readonly tools: readonly { name: string; tool: string; description: string; parameters: { properties: Record<string, { type?: string; description?: string }> } }[]
}

/**
 * `extract.py --mode tools` lists every case ToolSandbox's `named_scenarios()` builds (seed 42, as
 * its CLI seeds it) with the tools it presents, which toolcheck's own variants are checked against.
 */
describe.skipIf(!existsSync(CHECKOUT))('the extractor, listing the tools of every case', () => {
  test('1,032 cases, eight per base scenario, each with the tools it presents as ToolSandbox presents them', async () => {
    const { stdout } = await promisify(execFile)('python3', ['-B', EXTRACT, '--checkout', CHECKOUT, '--mode', 'tools'], { maxBuffer: 256 * 1024 * 1024 })
    const { cases } = JSON.parse(stdout) as { cases: Case[] }
    expect(cases).toHaveLength(1032)
    expect(new Set(cases.map((entry) => entry.base)).size).toBe(129)
    const of = (name: string) => cases.find((entry) => entry.name === name) as Case
    // ToolSandbox's three distraction tools for this scenario, as its own code ranks them.
    const distracted = of('send_message_with_contact_content_cellular_off_3_distraction_tools')
    expect(distracted.tools.map((tool) => tool.tool).sort()).toEqual(['get_cellular_service_status', 'get_location_service_status', 'get_wifi_status', 'search_contacts', 'send_message_with_phone_number', 'set_cellular_service_status', 'set_wifi_status'])
    // Scrambled names hide the tool behind them; removed argument types leave descriptions only.
    const scrambled = of('send_message_with_contact_content_cellular_off_3_distraction_tools_tool_name_scrambled')
    expect(scrambled.tools.find((tool) => tool.tool === 'search_contacts')?.name).toBe('contact_3')
    const untyped = of('send_message_with_contact_content_cellular_off_3_distraction_tools_arg_type_scrambled')
    const properties = untyped.tools.find((tool) => tool.tool === 'send_message_with_phone_number')?.parameters.properties ?? {}
    expect(Object.values(properties).every((property) => property.type === undefined && typeof property.description === 'string')).toBe(true)
    // The user's own tool is never shown to the agent.
    expect(cases.every((entry) => entry.tools.every((tool) => tool.tool !== 'end_conversation'))).toBe(true)
  }, 120_000)
})
