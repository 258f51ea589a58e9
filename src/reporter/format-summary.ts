import { formatCost, formatTokens } from './format-usage.ts'
import { intervalText } from './interval-text.ts'
import type { Report, RobustnessSummary, SummaryGroup, UsageTotals } from './report.ts'

/**
 * The terminal summary: who played (agents, users, domains), score, pass rate and mean turns by
 * category, by augmentation and, when several agents played, by agent (the shape of
 * ToolSandbox's result tables), tokens and cost per group and in total, errors counted apart
 * (with the runs a circuit breaker cut short and its reason, said once), the robustness figures
 * when runs had robustness augmentations (utility, utility under attack, attack success, false
 * claims), pass^k with its
 * interval when tests ran several trials, and the tests that broke before recording a run.
 * Plain text, no colours, so it reads the same in CI logs.
 */
export function formatSummary(report: Report): string {
  const { summary } = report
  const { agents, users, domains } = report
  const lines: string[] = []
  const who = agents.length > 1 ? `agents ${agents.join(', ')}` : `agent ${report.agent}`
  lines.push(`toolcheck: ${who}, ${plural(summary.overall.runs, 'run')}, ${plural(summary.overall.errors, 'infrastructure error')}`)
  // Said once, not once per run: a dead endpoint can cut short every run of the corpus.
  const { cutShort } = summary
  if (cutShort.runs > 0) {
    lines.push(`${plural(cutShort.runs, 'run')} cut short by an open circuit breaker, without reaching the endpoint:`)
    for (const reason of cutShort.reasons) lines.push(`  ${reason}`)
  }
  if (users.length > 0 || domains.length > 0) lines.push(`${users.length === 1 ? 'user' : 'users'} ${users.join(', ') || '-'}; ${domains.length === 1 ? 'domain' : 'domains'} ${domains.join(', ') || '-'}`)
  lines.push(`usage: ${usageLine(summary.overall.usage)}`)
  if (summary.overall.runs > 0) {
    if (agents.length > 1) {
      lines.push('')
      lines.push(...table('agent', summary.byAgent, summary.overall))
    }
    lines.push('')
    lines.push(...table('category', summary.byCategory, summary.overall))
    lines.push('')
    lines.push(...table('augmentation', summary.byAugmentation, summary.overall))
  }
  if (summary.robustness !== undefined) {
    lines.push('')
    lines.push(...robustnessTable(summary.robustness))
  }
  const ks = Object.keys(summary.passHatK)
  if (ks.length > 1) {
    lines.push('')
    const interval = (k: string) => {
      const range = summary.passHatKInterval[k]
      return range === undefined ? '' : ` (${intervalText(range)})`
    }
    lines.push(`pass^k over ${plural(summary.trials.length, 'cell')} (scenario × augmentation), 95% intervals: ${ks.map((k) => `k=${k} ${fixed(summary.passHatK[k])}${interval(k)}`).join('  ')}`)
  }
  if (report.problems.length > 0) {
    lines.push('')
    lines.push(`${plural(report.problems.length, 'test')} failed without recording a run:`)
    for (const problem of report.problems) lines.push(`  ${problem.file} > ${problem.test}: ${firstLine(problem.message)}`)
  }
  return lines.join('\n')
}

/** "12 model calls (3 cached), 10.2k prompt + 1.1k completion tokens, $0.0123". */
export function usageLine(usage: UsageTotals): string {
  const cached = usage.cachedCalls > 0 ? ` (${usage.cachedCalls} cached)` : ''
  const cost = usage.costUsd === undefined ? '' : `, ${formatCost(usage.costUsd)}`
  return `${plural(usage.calls, 'model call')}${cached}, ${formatTokens(usage.promptTokens)} prompt + ${formatTokens(usage.completionTokens)} completion tokens${cost}`
}

function table(title: string, groups: Readonly<Record<string, SummaryGroup>>, overall: SummaryGroup): string[] {
  const rows = [...Object.entries(groups), ['overall', overall] as const]
  const width = Math.max(title.length, ...rows.map(([name]) => name.length))
  const header = `${title.padEnd(width)}  ${'runs'.padStart(5)}  ${'score'.padStart(5)}  ${'95% interval'.padEnd(12)}  ${'pass'.padStart(5)}  ${'turns'.padStart(5)}  ${'errors'.padStart(6)}  ${'tokens'.padStart(7)}  ${'cost'.padStart(8)}`
  return [
    header,
    '-'.repeat(header.length),
    ...rows.map(([name, group]) =>
      [
        name.padEnd(width),
        String(group.runs).padStart(5),
        fixed(group.meanScore).padStart(5),
        intervalText(group.scoreInterval).padEnd(12),
        fixed(group.passRate).padStart(5),
        (group.meanTurns === null ? '-' : group.meanTurns.toFixed(1)).padStart(5),
        String(group.errors).padStart(6),
        formatTokens(group.usage.promptTokens + group.usage.completionTokens).padStart(7),
        (group.usage.costUsd === undefined ? '-' : formatCost(group.usage.costUsd)).padStart(8),
      ].join('  '),
    ),
  ]
}

/**
 * Utility without and under attack, attack success and false claims, per category and overall,
 * then attack success per kind of goal.
 */
function robustnessTable(robustness: RobustnessSummary): string[] {
  const rows = [...Object.entries(robustness.byCategory), ['overall', robustness.overall] as const]
  const width = Math.max('robustness'.length, ...rows.map(([name]) => name.length))
  const header = `${'robustness'.padEnd(width)}  ${'utility'.padStart(7)}  ${'under attack'.padStart(12)}  ${'attack success'.padStart(14)}  ${'false claims'.padStart(16)}`
  const lines = [
    header,
    '-'.repeat(header.length),
    ...rows.map(([name, figures]) =>
      [
        name.padEnd(width),
        fixed(figures.utility).padStart(7),
        fixed(figures.utilityUnderAttack).padStart(12),
        fixed(figures.attackSuccess).padStart(14),
        (figures.checkedRuns === 0 ? '-' : `${figures.falseClaims} in ${figures.runsWithFalseClaims}/${figures.checkedRuns}`).padStart(16),
      ].join('  '),
    ),
  ]
  const attacks = Object.entries(robustness.byAttack)
  if (attacks.length > 0) lines.push(`attack success by goal: ${attacks.map(([goal, figures]) => `${goal} ${figures.succeeded}/${figures.attacks}`).join(', ')}`)
  return lines
}

/** Three decimals, `-` for none. */
export function fixed(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : value.toFixed(3)
}

/** "1 run", "3 runs". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? ''
}
