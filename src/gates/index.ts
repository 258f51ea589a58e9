/**
 * `vitest-toolcheck/gates`: quality gates over a report (minimum scores and pass rates, overall
 * and per category, and no regression against a baseline report), checked up front and at the
 * end of a run, and the reporter the plugin registers to check them.
 */
export type { GateOptions } from './gate-options.ts'
export { DEFAULT_MAX_MISSING, GATE_FAILED_EXIT_CODE, gateOptionsSchema, hasGates } from './gate-options.ts'
export type { GateCheck, GateResult } from './check-gates.ts'
export { checkGates, formatGates } from './check-gates.ts'
export type { GateContext, PreparedGates } from './prepare-gates.ts'
export { prepareGates } from './prepare-gates.ts'
export type { GatesExit, GatesReporterOptions } from './gates-reporter.ts'
export { default as GatesReporter } from './gates-reporter.ts'
export type { GateOptionsDraft, MetricGate, MetricGateContext } from './metric-gates.ts'
export { METRIC_GATES } from './metric-gates.ts'
