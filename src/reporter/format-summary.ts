import { escapeControlCharacters } from '../conversation/safe-text.ts'
import { formatFailingRuns } from './failing-runs.ts'
import { formatCost, formatTokens } from './format-usage.ts'
import { intervalText } from './interval-text.ts'
import type { RobustnessFigures, RobustnessSummary, SummarizedReport, SummaryGroup, UsageTotals } from './report.ts'
import type { BudgetReport } from './runs-file.ts'
import type { BrokenCode, NamedRuns } from './named-runs.ts'
import { namedRuns } from './named-runs.ts'
import { formatToolSandboxTables } from './format-toolsandbox-table.ts'

/**
 * The terminal summary: who played (agents, users, domains) and the runs by culprit (passed;
 * failed, with those the agent's own code broke; domain errors; infrastructure errors), score,
 * pass rate and mean turns by category, by augmentation and, when several agents played, by
 * agent (the shape of ToolSandbox's result tables), tokens and cost per group and in total,
 * errors counted apart by culprit (with the runs a circuit breaker cut short and its reason,
 * the simulated users that broke their part, by kind, with the first run of each,
 * said once; each domain error and each way the agent's code broke said once, with the first run
 * it happened in), the robustness figures when runs had robustness augmentations (utility,
 * utility under attack, attack success, false claims), pass^k with its interval when tests ran
 * several trials, how far the evaluation's budget went when it had one, the failing runs worst
 * first (see `formatFailingRuns`), and the tests that broke before recording a run. Plain text, no
 * colours, so it reads the same in CI logs; control characters in any name are written as escapes.
 */
export function formatSummary(report: SummarizedReport, options: SummaryOptions = {}): string {
  const { summary } = report
  const { agents, users, domains } = report
  const named = report.named ?? namedRuns(report.runs)
  const lines: string[] = report.partial === undefined ? [] : [report.partial]
  const who = agents.length > 1 ? `agents ${agents.join(', ')}` : `agent ${report.agent}`
  const overall = summary.overall
  const broke = overall.agentErrors > 0 ? ` (${overall.agentErrors} where the agent's own code broke)` : ''
  const domainErrors = overall.domainErrors > 0 ? `, ${plural(overall.domainErrors, 'domain error')}` : ''
  const userErrors = (overall.userErrors ?? 0) > 0 ? `, ${plural(overall.userErrors ?? 0, 'user error')}` : ''
  lines.push(`toolcheck: ${who}, ${plural(overall.runs, 'run')}: ${overall.passed} passed, ${overall.failed} failed${broke}${domainErrors}, ${plural(overall.infrastructureErrors, 'infrastructure error')}${userErrors}`)
  lines.push(...brokenCode(named.brokenCode.domain, `${plural(overall.domainErrors, 'run')} ended by a bug in a tool of the domain (not scored; fix the tool):`))
  lines.push(...brokenCode(named.brokenCode.agent, `${plural(overall.agentErrors, 'run')} ended by the agent's own code (failures, scored 0):`))
  lines.push(...userLines(report, named))
  // Said once, not once per run: a dead endpoint can cut short every run of the corpus.
  const { cutShort } = summary
  if (cutShort.runs > 0) {
    lines.push(`${plural(cutShort.runs, 'run')} cut short by an open circuit breaker, without reaching the endpoint:`)
    for (const reason of cutShort.reasons) lines.push(`  ${reason}`)
  }
  if (users.length > 0 || domains.length > 0) lines.push(`${users.length === 1 ? 'user' : 'users'} ${users.join(', ') || '-'}; ${domains.length === 1 ? 'domain' : 'domains'} ${domains.join(', ') || '-'}`)
  lines.push(`usage: ${usageLine(summary.overall.usage)}`)
  if (report.budget !== undefined) lines.push(`budget: ${budgetLine(report.budget)}`, ...named.budgetCuts.map((cut) => `  ${plural(cut.runs, 'run')} cut: ${cut.reason}`))
  if (summary.overall.runs > 0) {
    if (agents.length > 1) {
      lines.push('')
      lines.push(...table('agent', summary.byAgent, summary.overall))
    }
    lines.push('')
    lines.push(...table('category', summary.byCategory, summary.overall))
    lines.push('')
    lines.push(...table('augmentation', summary.byAugmentation, summary.overall))
    // Scored as ToolSandbox scores, the runs also read as its paper's tables do.
    if (report.settings?.scoring === 'toolsandbox') {
      lines.push('')
      lines.push(...formatToolSandboxTables(report))
    }
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
  const failing = formatFailingRuns(named.failing.runs, { ...(options.page === undefined ? {} : { page: options.page }), count: named.failing.count, agents: agents.length })
  if (failing.length > 0) lines.push('', ...failing)
  if (report.problems.length > 0) {
    lines.push('')
    lines.push(`${plural(report.problems.length, 'test')} failed without recording a run:`)
    for (const problem of report.problems) lines.push(`  ${problem.file} > ${problem.test}: ${firstLine(problem.message)}`)
  }
  // Labels come from scenarios and reports (categories, names): their control characters are
  // written as escapes, so none reaches the terminal as a command.
  return escapeControlCharacters(lines.join('\n'))
}

/** How the summary refers to what it cannot show. */
export interface SummaryOptions {
  /** The HTML page with every run, named where the failing runs' list is cut. */
  readonly page?: string
}

/** "12 model calls (3 cached), 10.2k prompt + 1.1k completion tokens, $0.0123". */
export function usageLine(usage: UsageTotals): string {
  const cached = usage.cachedCalls > 0 ? ` (${usage.cachedCalls} cached)` : ''
  const cost = usage.costUsd === undefined ? '' : `, ${formatCost(usage.costUsd)}`
  return `${plural(usage.calls, 'model call')}${cached}, ${formatTokens(usage.promptTokens)} prompt + ${formatTokens(usage.completionTokens)} completion tokens${cost}`
}

/**
 * The runs someone's code ended, said once per tool and message (domain) or per message (agent),
 * with how many runs it ended and the first of them.
 */
function brokenCode(bugs: readonly BrokenCode[], heading: string): string[] {
  if (bugs.length === 0) return []
  const lines = [heading]
  for (const { runs: count, first } of bugs) {
    const where = `${first.scenario} [${first.augmentation}] trial ${first.trial}${count > 1 ? ` and ${plural(count - 1, 'other run')}` : ''}`
    const called = first.error?.arguments === undefined ? '' : `, called with ${JSON.stringify(first.error.arguments)}`
    lines.push(`  ${firstLine(first.error?.message ?? '')} (${where}${called})`)
    if (first.error?.returned !== undefined) lines.push(`    returned: ${first.error.returned}`)
    const frame = first.error?.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))
    if (frame !== undefined) lines.push(`    ${frame.trim()}`)
  }
  return lines
}

/**
 * The simulated users that broke their part: per user, its error rate over its checked runs and
 * the count per kind, then the first run of each kind with why. Nothing when no user erred.
 */
function userLines(report: SummarizedReport, named: NamedRuns): string[] {
  const users = Object.entries(report.summary.byUser ?? {}).filter(([, user]) => user.userErrors > 0)
  if (users.length === 0) return []
  const lines = [`${plural(report.summary.overall.userErrors ?? 0, 'run')} where the simulated user broke its part (not the agent's failures, not scored; replay them with --resume <dir> --replay-user-errors):`]
  for (const [name, user] of users) {
    const kinds = Object.entries(user.byKind).filter(([, kind]) => kind.runs > 0).map(([kind, figures]) => `${kind} ${figures.runs}`)
    lines.push(`  ${name}: ${user.userErrors} of ${plural(user.checked, 'checked run')} (${((user.errorRate ?? 0) * 100).toFixed(1)}%): ${kinds.join(', ')}`)
  }
  for (const run of named.userErrors) lines.push(`    ${firstLine(run.error?.message ?? '')} (${run.scenario} [${run.augmentation}] trial ${run.trial})`)
  return lines
}

function table(title: string, groups: Readonly<Record<string, SummaryGroup>>, overall: SummaryGroup): string[] {
  const rows = [...Object.entries(groups), ['overall', overall] as const]
  const width = Math.max(title.length, ...rows.map(([name]) => name.length))
  const header = `${title.padEnd(width)}  ${'runs'.padStart(5)}  ${'score'.padStart(5)}  ${'95% interval'.padEnd(12)}  ${'pass'.padStart(5)}  ${'turns'.padStart(5)}  ${'domain'.padStart(6)}  ${'infra'.padStart(5)}  ${'tokens'.padStart(7)}  ${'cost'.padStart(8)}`
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
        String(group.domainErrors).padStart(6),
        String(group.infrastructureErrors).padStart(5),
        formatTokens(group.usage.promptTokens + group.usage.completionTokens).padStart(7),
        (group.usage.costUsd === undefined ? '-' : formatCost(group.usage.costUsd)).padStart(8),
      ].join('  '),
    ),
  ]
}

/**
 * Utility without and under attack, attack attempts and success, and false claims, per category
 * and overall, then attempts and successes per kind of goal.
 */
function robustnessTable(robustness: RobustnessSummary): string[] {
  const rows = [...Object.entries(robustness.byCategory), ['overall', robustness.overall] as const]
  const width = Math.max('robustness'.length, ...rows.map(([name]) => name.length))
  const header = `${'robustness'.padEnd(width)}  ${'utility'.padStart(7)}  ${'under attack'.padStart(12)}  ${'attempted'.padStart(9)}  ${'attack success'.padStart(14)}  ${'false claims'.padStart(16)}`
  const lines = [
    header,
    '-'.repeat(header.length),
    ...rows.map(([name, figures]) =>
      [
        name.padEnd(width),
        fixed(figures.utility).padStart(7),
        fixed(figures.utilityUnderAttack).padStart(12),
        fixed(figures.attackAttempts ?? null).padStart(9),
        fixed(figures.attackSuccess).padStart(14),
        (figures.checkedRuns === 0 ? '-' : `${figures.falseClaims} in ${figures.runsWithFalseClaims}/${figures.checkedRuns}`).padStart(16),
      ].join('  '),
    ),
  ]
  const attacks = Object.entries(robustness.byAttack)
  const unread = notCheckedLine(robustness.overall)
  if (unread !== undefined) lines.push(unread)
  if (attacks.length > 0) lines.push(`attacks by goal (attempted, succeeded of made): ${attacks.map(([goal, figures]) => `${goal} ${figures.attempted ?? figures.succeeded}, ${figures.succeeded} of ${figures.attacks}`).join('; ')}`)
  return lines
}

/**
 * The runs whose text checks were not made, and how to make them: "not checked: 37 messages in
 * languages or wordings the built-in judge does not read (in 30 runs); a model judge reads them:
 * --judge openai:<model>, or the plugin's judge option". `undefined` when every message was read.
 */
export function notCheckedLine(figures: Pick<RobustnessFigures, 'notChecked' | 'runsNotChecked'>): string | undefined {
  if (figures.notChecked === 0) return undefined
  const messages = `${figures.notChecked} message${figures.notChecked === 1 ? '' : 's'}`
  const runs = `${figures.runsNotChecked} run${figures.runsNotChecked === 1 ? '' : 's'}`
  return `not checked: ${messages} in languages or wordings the built-in judge does not read (in ${runs}); a model judge reads them: toolcheck eval --judge openai:<model> (or hf:<model>), or toolcheck({ judge }) in vitest.config.ts`
}

/**
 * How far a budget went: "5 of 5 model calls, 1.2k of 10k tokens, $0.0123; it cut 3 runs short"
 * (a spend without a cap is shown plain).
 */
export function budgetLine(budget: BudgetReport): string {
  const { limits, spent } = budget
  const retries = (spent.retries ?? 0) > 0 ? ` (${spent.retries} of them retries)` : ''
  const calls = `${spent.modelCalls}${limits.modelCalls === undefined ? '' : ` of ${limits.modelCalls}`} model call${(limits.modelCalls ?? spent.modelCalls) === 1 ? '' : 's'} sent${retries}`
  const tokens = `${formatTokens(spent.tokens)}${limits.tokens === undefined ? '' : ` of ${formatTokens(limits.tokens)}`} tokens`
  const cost = `${formatCost(spent.costUsd)}${limits.costUsd === undefined ? '' : ` of ${formatCost(limits.costUsd)}`}`
  const cut = budget.cutRuns === 0 ? 'it cut no run short' : `it cut ${plural(budget.cutRuns, 'run')} short (errors of kind budget)`
  return `${calls}, ${tokens}, ${cost}; ${cut}`
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
