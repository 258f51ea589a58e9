import type { Report, SummaryGroup } from './report.ts'

/**
 * The terminal summary: score and mean turns by category and by augmentation (the shape of
 * ToolSandbox's result tables), errors counted apart (with the runs a circuit breaker cut short
 * and its reason, said once), pass^k when tests ran several trials, and the tests that broke
 * before recording a run. Plain text, no colours, so it reads the same in CI logs.
 */
export function formatSummary(report: Report): string {
  const { summary } = report
  const lines: string[] = []
  lines.push(`toolcheck: agent ${report.agent}, ${plural(summary.overall.runs, 'run')}, ${plural(summary.overall.errors, 'infrastructure error')}`)
  // Said once, not once per run: a dead endpoint can cut short every run of the corpus.
  const { cutShort } = summary
  if (cutShort.runs > 0) {
    lines.push(`${plural(cutShort.runs, 'run')} cut short by an open circuit breaker, without reaching the endpoint:`)
    for (const reason of cutShort.reasons) lines.push(`  ${reason}`)
  }
  if (summary.overall.runs > 0) {
    lines.push('')
    lines.push(...table('category', summary.byCategory, summary.overall))
    lines.push('')
    lines.push(...table('augmentation', summary.byAugmentation, summary.overall))
  }
  const ks = Object.keys(summary.passHatK)
  if (ks.length > 1) {
    lines.push('')
    lines.push(`pass^k over ${plural(summary.trials.length, 'scenario')}: ${ks.map((k) => `k=${k} ${fixed(summary.passHatK[k])}`).join('  ')}`)
  }
  if (report.problems.length > 0) {
    lines.push('')
    lines.push(`${plural(report.problems.length, 'test')} failed without recording a run:`)
    for (const problem of report.problems) lines.push(`  ${problem.file} > ${problem.test}: ${firstLine(problem.message)}`)
  }
  return lines.join('\n')
}

function table(title: string, groups: Readonly<Record<string, SummaryGroup>>, overall: SummaryGroup): string[] {
  const rows = [...Object.entries(groups), ['overall', overall] as const]
  const width = Math.max(title.length, ...rows.map(([name]) => name.length))
  const header = `${title.padEnd(width)}  ${'runs'.padStart(5)}  ${'score'.padStart(5)}  ${'95% interval'.padEnd(12)}  ${'turns'.padStart(5)}  ${'passed'.padStart(6)}  ${'errors'.padStart(6)}`
  return [
    header,
    '-'.repeat(header.length),
    ...rows.map(([name, group]) =>
      [
        name.padEnd(width),
        String(group.runs).padStart(5),
        fixed(group.meanScore).padStart(5),
        (group.scoreInterval === null ? '-' : `${fixed(group.scoreInterval[0])}-${fixed(group.scoreInterval[1])}`).padEnd(12),
        (group.meanTurns === null ? '-' : group.meanTurns.toFixed(1)).padStart(5),
        String(group.passed).padStart(6),
        String(group.errors).padStart(6),
      ].join('  '),
    ),
  ]
}

function fixed(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : value.toFixed(3)
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? ''
}
