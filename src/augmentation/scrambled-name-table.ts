import type { AnyTool } from '../tools/define-tool.ts'
import { compareText } from './rank-distraction-tools.ts'

/**
 * The scrambled name of every tool: `<group>_<k>`, numbered from 0 within each group in order
 * of the real names. The numbering covers every tool given (not only those shown), so a tool's
 * scrambled name is the same in every scenario and augmentation that uses the same registry.
 */
export function scrambledNameTable(tools: readonly AnyTool[]): Map<string, string> {
  const byGroup = new Map<string, string[]>()
  for (const tool of tools) {
    const names = byGroup.get(groupOf(tool)) ?? []
    names.push(tool.name)
    byGroup.set(groupOf(tool), names)
  }
  const result = new Map<string, string>()
  for (const [group, names] of byGroup) {
    const sorted = [...new Set(names)].sort(compareText)
    for (const [position, name] of sorted.entries()) result.set(name, `${group}_${position}`)
  }
  return result
}

/** A tool's group for scrambled names; `tool` for a tool that names none. */
function groupOf(tool: AnyTool): string {
  return tool.group ?? 'tool'
}
