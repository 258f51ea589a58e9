/**
 * `vitest-toolcheck/toolsandbox`: ToolSandbox's benchmark in one place. The `device` domain (a
 * simulated phone whose 33 tools match ToolSandbox's names, arguments and hidden state
 * dependencies; see `domain/`), the corpus of 228 original scenarios over it (`corpus/`), and the
 * mutants that check each scenario's milestones catch wrong behaviour (`mutants.ts`), and the
 * importer of ToolSandbox's own scenarios from a user's checkout (`import/`).
 */
export * from './domain/index.ts'
export type { ScenarioFilter } from './built-in-scenarios.ts'
export { builtInScenarios, scenarioCategoryCounts } from './built-in-scenarios.ts'
export type { ImportOptions, ToolSandboxImport } from './import/import-toolsandbox.ts'
export { importToolSandbox } from './import/import-toolsandbox.ts'
export { ToolSandboxImportError } from './import/run-extractor.ts'
