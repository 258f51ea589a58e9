/** Quality gates over a report: minimum scores and pass rates, and no regression against a baseline. */
export type { GateOptions } from './gate-options.ts'
export { GATE_FAILED_EXIT_CODE, gateOptionsSchema, hasGates } from './gate-options.ts'
export type { GateCheck, GateResult } from './check-gates.ts'
export { checkGates, formatGates } from './check-gates.ts'
