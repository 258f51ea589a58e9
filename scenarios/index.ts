/**
 * `vitest-toolcheck/scenarios`: the built-in scenario corpus of the device domain (ToolSandbox's
 * phone). The whole benchmark, domain and corpus, is `vitest-toolcheck/toolsandbox`.
 */
export type { ScenarioFilter } from './toolsandbox/built-in-scenarios.ts'
export { builtInScenarios, scenarioCategoryCounts } from './toolsandbox/built-in-scenarios.ts'
export type { CorpusScenario } from './toolsandbox/authoring.ts'
