import { deviceDomain } from '../../scenarios/toolsandbox/domain/index.ts'
import type { AnyTool } from '../tools/define-tool.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'

/** One tool as `toolcheck tools --json` lists it. */
export interface ToolListing {
  readonly name: string
  /** The domain the tool belongs to (`device` for the built-in phone). */
  readonly domain: string
  /** Its group within the domain (`contact`, `setting`), or null. */
  readonly group: string | null
  readonly description: string
  readonly action: boolean
  /** Settings that must be on for every call. */
  readonly requires: readonly string[]
  /** Settings needed only for some argument combinations. */
  readonly sometimesRequires: readonly string[]
  readonly audience: readonly string[]
  readonly arguments: readonly string[]
}

/** Describes a tool for listings. */
export function listTool(tool: AnyTool, domain: string): ToolListing {
  return {
    name: tool.name,
    domain,
    group: tool.group ?? null,
    description: tool.description,
    action: tool.action,
    requires: (tool.requires ?? []).map((requirement) => requirement.setting),
    sometimesRequires: [...(tool.sometimesRequires ?? [])],
    audience: [...(tool.audience ?? ['agent'])],
    arguments: Object.keys(tool.args.shape),
  }
}

/** The usage text of `toolcheck tools`. */
export const TOOLS_USAGE = `usage: toolcheck tools [--json]

Lists the built-in device tools (ToolSandbox's, run offline): name, group, whether the tool
changes the world (action) or only reads it, and the settings it needs (a "?" marks settings
needed only for some arguments).

options:
  --json    the listing as JSON: count, and per tool its name, domain, group, description,
            action flag, required settings, audience and argument names
`

/** `toolcheck tools [--json]`: the built-in device tools. */
export function runToolsCommand(args: readonly string[], io: CommandIo): number {
  const { values } = parseCommandArguments(args, { json: { type: 'boolean', default: false } })
  const listings = deviceDomain.registry.list().map((tool) => listTool(tool, deviceDomain.name))
  if (values.json) {
    io.stdout(`${JSON.stringify({ count: listings.length, tools: listings }, null, 2)}\n`)
    return 0
  }
  const width = Math.max(...listings.map((listing) => listing.name.length))
  const groupWidth = Math.max(10, ...listings.map((listing) => (listing.group ?? '').length))
  for (const listing of listings) {
    const state = [...listing.requires, ...listing.sometimesRequires.map((setting) => `${setting}?`)].join(', ')
    io.stdout(`${listing.name.padEnd(width)}  ${(listing.group ?? '').padEnd(groupWidth)} ${listing.action ? 'action' : 'read  '}  ${state}\n`)
  }
  io.stdout(`${listings.length} tools\n`)
  return 0
}
