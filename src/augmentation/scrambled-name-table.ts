import type { AnyTool } from '../tools/define-tool.ts'
import { compareText } from './rank-distraction-tools.ts'

/**
 * The scrambled name of every tool: `<domain>_<k>`, numbered from 0 within each domain in order
 * of the real names. The numbering covers every tool given (not only those shown), so a tool's
 * scrambled name is the same in every scenario and augmentation that uses the same registry.
 */
export function scrambledNameTable(tools: readonly AnyTool[]): Map<string, string> {
  const byDomain = new Map<string, string[]>()
  for (const tool of tools) {
    const names = byDomain.get(tool.domain) ?? []
    names.push(tool.name)
    byDomain.set(tool.domain, names)
  }
  const result = new Map<string, string>()
  for (const [domain, names] of byDomain) {
    const sorted = [...new Set(names)].sort(compareText)
    for (const [position, name] of sorted.entries()) result.set(name, `${domain}_${position}`)
  }
  return result
}
