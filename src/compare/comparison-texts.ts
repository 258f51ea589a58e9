import { smallestAttainable } from './boschloo.ts'
import type { CellComparison, CellKey, Comparison, GroupComparison, LikeWithLike, SettingPair } from './comparison.ts'
import { oneIn, plural, pValue } from './format-numbers.ts'

/** A group as the outputs name it: `category STATE_DEPENDENCY`, `augmentation 3 distraction tools`, `overall`. */
export function groupLabel(group: Pick<GroupComparison, 'level' | 'name'>): string {
  return group.level === 'overall' ? 'overall' : `${group.level} ${group.name}`
}

/** A cell as the outputs name it: `scenario [augmentation]`, and the agent when cells are told apart by agent. */
export function cellLabel(cell: Pick<CellComparison, 'scenario' | 'augmentation' | 'agent'>): string {
  return `${cell.scenario} [${cell.augmentation}]${cell.agent === undefined ? '' : ` ${cell.agent}`}`
}

/** A cell in one report only, named as `cellLabel` does (the agent only when cells are told apart by agent). */
export function keyLabel(key: CellKey, byAgent: boolean): string {
  return `${key.scenario} [${key.augmentation}]${byAgent ? ` ${key.agent}` : ''}`
}

/** The groups that are not another group under a second name (see `GroupComparison.sameCellsAs`). */
export function distinctGroups<Group extends Pick<GroupComparison, 'sameCellsAs'>>(groups: readonly Group[]): Group[] {
  return groups.filter((group) => group.sameCellsAs === undefined)
}

/**
 * The verdict in a few words, the same in every output: `regression: category TURN_OFF,
 * overall; 2 cells (1 break)`, or `no regression; 1 cell improved`.
 */
export function verdictText(comparison: Comparison): string {
  const regressedGroups = distinctGroups(comparison.groups).filter((group) => group.verdict === 'regression')
  const improvedGroups = distinctGroups(comparison.groups).filter((group) => group.verdict === 'improvement')
  const { counts } = comparison
  const cells = (count: number, breaks: number) => `${plural(count, 'cell')}${breaks > 0 ? ` (${plural(breaks, 'break')})` : ''}`
  if (comparison.regression) {
    const parts: string[] = []
    if (regressedGroups.length > 0) parts.push(named(regressedGroups.map(groupLabel), 4))
    if (counts.regression + counts.break > 0) parts.push(cells(counts.regression + counts.break, counts.break))
    return `regression: ${parts.join('; ')}`
  }
  const improved = [...(improvedGroups.length > 0 ? [named(improvedGroups.map(groupLabel), 3)] : []), ...(counts.improvement > 0 ? [plural(counts.improvement, 'cell')] : [])]
  return `no regression${improved.length > 0 ? `; improved: ${improved.join('; ')}` : ''}`
}

/**
 * What a reader must know to trust the verdict, in sentences: why no statistics were needed (both
 * reports deterministic), that no single cell can reach significance and how many trials would
 * let one, how often noise makes a break, settings that differ, scenarios that changed.
 */
export function comparisonNotes(comparison: Comparison): string[] {
  const { method, alike } = comparison
  const notes: string[] = []
  if (method.deterministic)
    notes.push(
      'Both reports are deterministic (played by the reference agent, or with every model call replayed from the cache): a rerun gives the same verdicts, so every cell whose pass rate fell is a regression and every rise an improvement; no statistics were needed.',
    )
  else if (alike.deterministic.base !== alike.deterministic.head)
    notes.push(`The ${alike.deterministic.base ? 'head' : 'base'} report is not deterministic (live model calls, or an agent toolcheck cannot see into), so the cells are compared with statistics.`)
  const compared = comparison.cells.filter((cell) => cell.base.trials > 0 && cell.head.trials > 0)
  if (!method.deterministic && !method.cellsCanReachSignificance && compared.length > 0) {
    const best = compared.reduce((least, cell) => (smallestAttainable(cell.base.trials, cell.head.trials) < smallestAttainable(least.base.trials, least.head.trials) ? cell : least))
    const smallest = smallestAttainable(best.base.trials, best.head.trials)
    const trials = best.base.trials === best.head.trials ? `${plural(best.base.trials, 'trial')} a side` : `${best.base.trials} and ${best.head.trials} trials`
    const needed = method.trialsNeeded === null ? '' : ` It takes ${plural(method.trialsNeeded, 'trial')} a side for a cell to reach it among ${plural(compared.length, 'cell')}.`
    const asked =
      method.families.cell === 0
        ? `which is above the level ${method.alpha}`
        : `and ${correctionName(method.correction)} over ${plural(method.families.cell, 'testable cell')} asks for ${pValue(method.alpha / (method.correction === 'none' ? 1 : method.families.cell))}`
    notes.push(
      `No single cell can reach significance at these trial counts: with ${trials} a cell's smallest p-value is ${pValue(smallest)}, ${asked}.${needed} Breaks and the groups still flag what changed.`,
    )
  }
  if (!method.deterministic && method.breakChance !== null && comparison.counts.break > 0) {
    const fewTrials = method.breakChance >= 1 / 16
    notes.push(
      `A break (every base trial passed, every head trial failed) is flagged without a test; for an agent that is not deterministic, noise makes one at most ${oneIn(method.breakChance)} cells at these trial counts (p^k·(1−p)^k for a cell that passes with probability p, largest at p = 1/2).${fewTrials ? ' With so few trials any flip is a break: replay the model calls from the cache, or run more trials.' : ''}`,
    )
  }
  notes.push(...settingNotes(alike))
  if (comparison.scenarioChanged.length > 0)
    notes.push(`${plural(comparison.scenarioChanged.length, 'cell')} not compared: ${comparison.scenarioChanged.length === 1 ? 'its scenario' : 'their scenarios'} changed between the reports.`)
  return notes
}

/** The reports' settings side by side in one line: `scoring toolcheck; version 0.1.0 -> 0.2.0; ...`. */
export function settingsText(alike: LikeWithLike): string {
  const pair = (name: string, setting: SettingPair<string | boolean>) => {
    const show = (value: string | boolean | null) => (value === null ? 'not recorded' : String(value))
    return setting.base === setting.head ? `${name} ${show(setting.base)}` : `${name} ${show(setting.base)} -> ${show(setting.head)}`
  }
  const determinism = (value: boolean) => (value ? 'deterministic' : 'not deterministic')
  return [
    pair('scoring', alike.scoring),
    pair('version', alike.version),
    pair('agent spec', alike.agentSpec),
    pair('user spec', alike.userSpec),
    alike.deterministic.base === alike.deterministic.head ? `both ${determinism(alike.deterministic.base)}` : `base ${determinism(alike.deterministic.base)}, head ${determinism(alike.deterministic.head)}`,
  ].join('; ')
}

/** The method in one sentence, for every output. */
export function methodText(comparison: Comparison): string {
  const { method } = comparison
  const correction = method.correction === 'none' ? 'unadjusted' : `${correctionName(method.correction)}-adjusted`
  const untestable = method.untestable > 0 ? ` (${plural(method.untestable, 'cell')} with too few trials to reach the level left out)` : ''
  const { families } = method
  if (method.deterministic)
    return 'both reports deterministic: a cell regressed when its pass rate fell and improved when it rose, a group regressed when one of its cells did; the p-values shown (Boschloo per cell, the exact stratified test per group) are for reference only; runs with an error verdict left out'
  return (
    `cells: Boschloo's exact test on pass counts, one-sided each way, ${correction} at alpha ${method.alpha} over ${plural(families.cell, 'testable cell')}${untestable}; ` +
    `groups: the exact stratified test (each cell its own stratum), ${correction} per level (${families.overall} overall, ${families.category} ${families.category === 1 ? 'category' : 'categories'}, ${plural(families.augmentation, 'augmentation column')})${method.correction === 'none' ? '' : ', each level at a third of alpha'}; ` +
    'breaks (every base trial passed, every head trial failed) flagged without a test; runs with an error verdict left out'
  )
}

function settingNotes(alike: LikeWithLike): string[] {
  const notes: string[] = []
  if (alike.scoring.same === false) notes.push(`The reports were scored differently (base ${alike.scoring.base}, head ${alike.scoring.head}): their scores are not comparable.`)
  const missing = (['base', 'head'] as const).filter((side) => alike.scoring[side] === null)
  if (missing.length > 0) notes.push(`The ${missing.join(' and ')} report${missing.length > 1 ? 's do' : ' does'} not record how ${missing.length > 1 ? 'they were' : 'it was'} made (written by an older toolcheck): scoring mode and scenarios could not be checked.`)
  return notes
}

function correctionName(correction: Comparison['method']['correction']): string {
  return correction === 'holm' ? 'Holm' : correction === 'bh' ? 'Benjamini-Hochberg' : 'no correction'
}

function named(names: readonly string[], limit: number): string {
  return names.length > limit ? `${names.slice(0, limit).join(', ')} and ${names.length - limit} more` : names.join(', ')
}
