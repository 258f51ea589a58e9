import { isAgentResult } from '../conversation/culprit.ts'
import { CATEGORIES } from '../scenario/categories.ts'
import type { SummarizedReport, SummarizedRun } from './report.ts'

/** ToolSandbox's short names of its seven categories, as its paper heads the columns. */
const SHORT_CATEGORY: Readonly<Record<string, string>> = Object.freeze({
  SINGLE_TOOL_CALL: 'STC',
  MULTIPLE_TOOL_CALL: 'MTC',
  SINGLE_USER_TURN: 'SUT',
  MULTIPLE_USER_TURN: 'MUT',
  STATE_DEPENDENCY: 'SD',
  CANONICALIZATION: 'C',
  INSUFFICIENT_INFORMATION: 'II',
})

const CELL = 13

/** "0.871 / 6.2": mean similarity and mean turn count of the scored runs, `-` for none. */
function cell(runs: readonly SummarizedRun[]): string {
  const scored = runs.filter((run) => isAgentResult(run) && run.score !== null)
  if (scored.length === 0) return '-'
  const score = scored.reduce((sum, run) => sum + (run.score ?? 0), 0) / scored.length
  const turns = scored.reduce((sum, run) => sum + run.turns, 0) / scored.length
  return `${score.toFixed(3)} / ${turns.toFixed(1)}`
}

function row(label: string, cells: readonly string[], width: number): string {
  return [label.padEnd(width), ...cells.map((text) => text.padStart(CELL))].join(' ')
}

/**
 * The summary in ToolSandbox's form, as its paper's tables have it: one row per agent, one column
 * per category (its seven, then all) and per augmentation, each cell the mean similarity and the
 * mean turn count ("0.871 / 6.2"). Runs the domain or the infrastructure ended are left out, as
 * in the rest of the summary; runs the agent's own code ended count as 0. Empty when no run was
 * scored.
 */
export function formatToolSandboxTables(report: SummarizedReport): string[] {
  const runs = report.runs
  if (runs.length === 0) return []
  const agents = [...new Set(runs.map((run) => run.agent))].sort()
  const width = Math.max(5, ...agents.map((agent) => agent.length))
  const categories = CATEGORIES.filter((category) => runs.some((run) => run.categories.includes(category)))
  // In the summary's order of augmentations (none first, then ToolSandbox's variants).
  const augmentations = Object.keys(report.summary.byAugmentation)
  const lines = ["in ToolSandbox's form (mean similarity / mean turns):", row('agent', [...categories.map((category) => SHORT_CATEGORY[category] ?? category), 'all'], width)]
  for (const agent of agents) {
    const own = runs.filter((run) => run.agent === agent)
    lines.push(row(agent, [...categories.map((category) => cell(own.filter((run) => run.categories.includes(category)))), cell(own)], width))
  }
  if (augmentations.length > 1) {
    const augmentationWidth = Math.max(width, ...augmentations.map((label) => label.length))
    lines.push('', row('augmentation', agents, augmentationWidth))
    for (const augmentation of augmentations) lines.push(row(augmentation, agents.map((agent) => cell(runs.filter((run) => run.agent === agent && run.augmentationColumns.includes(augmentation)))), augmentationWidth))
  }
  return lines
}
