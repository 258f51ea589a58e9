/**
 * `vitest-toolcheck/compare`: comparing two toolcheck reports (the statistics, the comparison and
 * its outputs) and the quality gates built on it.
 */
export type { Correction } from './adjust-p-values.ts'
export { adjustPValues } from './adjust-p-values.ts'
export type { PassCounts } from './boschloo.ts'
export { boschlooWorse, signTestUpper, smallestAttainable } from './boschloo.ts'
export type { CellComparison, CellKey, CellSide, CellVerdict, Comparison, ComparisonMethod, OverallTest, SideSummary } from './comparison.ts'
export type { ComparedReport, CompareOptions } from './compare-reports.ts'
export { compareReports } from './compare-reports.ts'
export { formatComparison } from './format-comparison.ts'
export { comparisonMarkdown } from './comparison-markdown.ts'
export type { ComparedPage } from './render-comparison-html.ts'
export { renderComparisonHtml } from './render-comparison-html.ts'
export type { ReportFile } from './read-report-file.ts'
export { readReportFile, ReportFileError } from './read-report-file.ts'
export type { GateCheck, GateOptions, GateResult } from '../gates/index.ts'
export { checkGates, formatGates, GATE_FAILED_EXIT_CODE, gateOptionsSchema, hasGates } from '../gates/index.ts'
