/**
 * `vitest-toolcheck/toolsandbox`: ToolSandbox's benchmark in one place. The `device` domain (a
 * simulated phone whose 33 tools match ToolSandbox's names, arguments and hidden state
 * dependencies; see `domain/`), the corpus of 228 original scenarios over it (`corpus/`), and the
 * mutants that check each scenario's milestones catch wrong behaviour (`mutants.ts`).
 */
export * from './domain/index.ts'
export type { ScenarioFilter } from './built-in-scenarios.ts'
export { builtInScenarios, scenarioCategoryCounts } from './built-in-scenarios.ts'
