/**
 * vitest-toolcheck: test tool-using LLM agents in multi-turn conversations.
 *
 * The package root holds the framework, which knows no domain of its own: the world, tools,
 * domains (`defineDomain`), scenarios, roles (agents and users), the run loop, evaluation,
 * augmentations and the model cache. The vitest plugin and matchers are in
 * `vitest-toolcheck/vitest`, the fast-check generators in `vitest-toolcheck/generators`, the
 * authoring helpers in `vitest-toolcheck/authoring`, and the two built-in benchmarks, each a domain
 * built with this API, in `vitest-toolcheck/toolsandbox` (the phone and its corpus) and
 * `vitest-toolcheck/tooltalk`.
 */
export * from './world/index.ts'
export * from './tools/index.ts'
export * from './domain/index.ts'
export * from './scenario/index.ts'
export * from './conversation/index.ts'
export * from './roles/index.ts'
export * from './run/index.ts'
export * from './evaluation/index.ts'
export * from './augmentation/index.ts'
export * from './cache/index.ts'
