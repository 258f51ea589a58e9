/**
 * `vitest-toolcheck/compare`: comparing toolcheck reports: the statistics (Boschloo's exact test
 * per cell, the exact stratified test per group, the corrections), the comparison and its
 * outputs, and the history of several reports. The quality gates built on it are
 * `vitest-toolcheck/gates`.
 */
export type { Correction } from './adjust-p-values.ts'
export { adjustPValues } from './adjust-p-values.ts'
export type { PassCounts } from './boschloo.ts'
export { boschlooWorse, smallestAttainable } from './boschloo.ts'
export type { Stratum, StratifiedTest } from './stratified-test.ts'
export { stratifiedTest } from './stratified-test.ts'
export { breakChance } from './break-chance.ts'
export { trialsNeeded } from './trials-needed.ts'
export type {
  CellComparison,
  CellKey,
  CellSide,
  CellVerdict,
  ChangedScenarioCell,
  Comparison,
  ComparisonMethod,
  GroupComparison,
  GroupLevel,
  GroupSide,
  GroupVerdict,
  LikeWithLike,
  SettingPair,
  SideSummary,
  VerdictReason,
} from './comparison.ts'
export type { ComparedReport, CompareOptions } from './compare-reports.ts'
export { compareReports } from './compare-reports.ts'
export { formatComparison } from './format-comparison.ts'
export { comparisonMarkdown } from './comparison-markdown.ts'
export type { ComparedPage } from './render-comparison-html.ts'
export { renderComparisonHtml } from './render-comparison-html.ts'
export type { ReadReport, ReportFile } from './read-report-file.ts'
export { readReportFile, ReportFileError } from './read-report-file.ts'
