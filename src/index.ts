/**
 * toolcheck: test tool-using LLM agents in multi-turn conversations.
 *
 * The package root holds the framework: the world, tools, device domains, scenarios, roles (agents
 * and users), the run loop, evaluation, augmentations, the model cache and ToolTalk support. The
 * vitest plugin and matchers are in `vitest-toolcheck/vitest`, the fast-check generators in
 * `vitest-toolcheck/generators`, the built-in corpus in `vitest-toolcheck/scenarios`.
 */
export * from './world/index.ts'
export * from './tools/index.ts'
export {
  buildStartingWorld,
  CELLULAR,
  DEFAULT_LOCATION,
  DEFAULT_PERSON_IDS,
  DEFAULT_PHONE_NUMBERS,
  defaultWorld,
  DEVICE_TABLES,
  deviceTools,
  LOCATION_SERVICE,
  TOOLSANDBOX_TOOL_NAMES,
  WIFI,
  WorldSpecError,
} from '../scenarios/toolsandbox/domain/index.ts'
export type { ToolSandboxToolName } from '../scenarios/toolsandbox/domain/index.ts'
export * from './scenario/index.ts'
export * from './conversation/index.ts'
export * from './roles/index.ts'
export * from './run/index.ts'
export * from './evaluation/index.ts'
export * from './augmentation/index.ts'
export * from './cache/index.ts'
export * from '../scenarios/tooltalk/domain/index.ts'
export * from '../scenarios/tooltalk/metrics/index.ts'
