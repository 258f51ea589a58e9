import type { AnyTool } from '../tools/define-tool.ts'
import { nameSimilarity } from './name-similarity.ts'

/**
 * Orders the tools that could distract an agent from its allowed tools, most distracting first:
 * tools from a group (`contacts`, `messaging`) that already has an allowed tool, then the others; within each group by
 * the highest `nameSimilarity` to any allowed name, ties broken by name so the order never
 * depends on the registry's order. Allowed and denied tools, and tools the agent may not call
 * (such as the user's `end_conversation`), are never candidates.
 */
export function rankDistractionTools(
  tools: readonly AnyTool[],
  allowed: readonly string[],
  denied: readonly string[] = [],
): AnyTool[] {
  const allowedSet = new Set(allowed)
  const deniedSet = new Set(denied)
  const allowedGroups = new Set(tools.filter((tool) => allowedSet.has(tool.name)).map((tool) => tool.group))
  const candidates = tools
    .filter((tool) => !allowedSet.has(tool.name) && !deniedSet.has(tool.name) && offeredToAgent(tool))
    .map((tool) => ({
      tool,
      sameGroup: tool.group !== undefined && allowedGroups.has(tool.group),
      similarity: Math.max(0, ...allowed.map((name) => nameSimilarity(tool.name, name))),
    }))
  candidates.sort(
    (first, second) =>
      Number(second.sameGroup) - Number(first.sameGroup) ||
      second.similarity - first.similarity ||
      compareText(first.tool.name, second.tool.name),
  )
  return candidates.map((candidate) => candidate.tool)
}

/** Whether the agent may be shown a tool (its audience includes the agent, the default). */
export function offeredToAgent(tool: AnyTool): boolean {
  return tool.audience === undefined || tool.audience.includes('agent')
}

/** Code-unit order, independent of the locale (unlike `localeCompare`). */
export function compareText(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0
}
