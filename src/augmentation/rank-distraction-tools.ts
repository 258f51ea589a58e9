import type { AnyTool } from '../tools/define-tool.ts'
import { fuzzyScore } from '../tools/fuzzy-score.ts'

/**
 * Orders the tools that could distract an agent from the tools a scenario offers, most
 * distracting first, by ToolSandbox's rule: tools of a group (ToolSandbox's module: `contact`,
 * `setting`) that holds an offered tool, then the others; within each part by the highest
 * WRatio (`fuzzyScore`) of the tool's name against an offered name; ties keep the registry's
 * order, as Python's stable sort keeps ToolSandbox's discovery order.
 *
 * `offered` is the scenario's allow list as written (a tool both allowed and denied counts as
 * offered, as in ToolSandbox). Tools the agent may never call (the user's `end_conversation`)
 * count as offered too: every run offers them to the user, as every ToolSandbox scenario allows
 * `end_conversation`, so their names weigh in the similarity. Denied tools stay candidates: as in
 * ToolSandbox, one ranked among the first `k` takes its place and is then not shown (see
 * `applyAugmentation`).
 */
export function rankDistractionTools(tools: readonly AnyTool[], offered: readonly string[]): AnyTool[] {
  // A registry's list never changes and every variant of a scenario ranks the same way: each
  // ranking is worked out once per list and allow list (WRatio is the costly part).
  let byOffered = rankings.get(tools)
  if (byOffered === undefined) rankings.set(tools, (byOffered = new Map()))
  const key = offered.join('\u0000')
  let ranked = byOffered.get(key)
  if (ranked === undefined) {
    ranked = rank(tools, offered)
    // Allow lists come from scenarios; the bound only guards against a caller feeding endless ones.
    if (byOffered.size < 10_000) byOffered.set(key, ranked)
  }
  return [...ranked]
}

const rankings = new WeakMap<readonly AnyTool[], Map<string, readonly AnyTool[]>>()

function rank(tools: readonly AnyTool[], offered: readonly string[]): AnyTool[] {
  const offeredNames = new Set(offered)
  for (const tool of tools) if (!offeredToAgent(tool)) offeredNames.add(tool.name)
  const offeredTools = tools.filter((tool) => offeredNames.has(tool.name))
  const offeredGroups = new Set(offeredTools.map((tool) => tool.group))
  const targets = offeredTools.map((tool) => tool.name)
  const candidates = tools
    .filter((tool) => !offeredNames.has(tool.name))
    .map((tool, position) => ({
      tool,
      position,
      sameGroup: tool.group !== undefined && offeredGroups.has(tool.group),
      similarity: Math.max(0, ...targets.map((name) => nameScore(tool.name, name))),
    }))
  candidates.sort(
    (first, second) =>
      Number(second.sameGroup) - Number(first.sameGroup) || second.similarity - first.similarity || first.position - second.position,
  )
  return candidates.map((candidate) => candidate.tool)
}

// Tool names are few and meet again in every ranking, so each pair is scored once.
const scores = new Map<string, number>()

function nameScore(name: string, offered: string): number {
  const key = `${name}\u0000${offered}`
  let score = scores.get(key)
  if (score === undefined) {
    score = fuzzyScore(name, offered)
    // Names come from registries; the bound only guards against a caller feeding arbitrary text.
    if (scores.size < 100_000) scores.set(key, score)
  }
  return score
}

/** Whether the agent may be shown a tool (its audience includes the agent, the default). */
export function offeredToAgent(tool: AnyTool): boolean {
  return tool.audience === undefined || tool.audience.includes('agent')
}

/** Code-unit order, independent of the locale (unlike `localeCompare`). */
export function compareText(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0
}
