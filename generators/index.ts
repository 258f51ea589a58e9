/**
 * `vitest-toolcheck/generators`: fast-check arbitraries of augmentations (see `src/augmentation`), for
 * robustness sweeps. Each generator draws an `Augmentation` (plain JSON) and shrinks toward the
 * plain one; per-tool scrambles draw subsets of the scenario's tools, so a failure shrinks to the
 * one tool that matters. The robustness families (`toolFaults`, `promptInjections`,
 * `userPerturbations`, `worldPerturbations`, and `robustness` combining them) draw from the
 * scenario's own solution and its domain's tools and tables. fast-check is the only source of
 * randomness: the same seed gives the same augmentations.
 *
 * @example
 * const report = await sweepScenario(scenario, augmentation({ scenario }), { agent, numRuns: 30 })
 */
export type { AugmentationConstraints } from './augmentation.ts'
export { augmentation } from './augmentation.ts'
export type { DistractionToolsConstraints } from './distraction-tools.ts'
export { distractionTools } from './distraction-tools.ts'
export type { ToolScrambleConstraints } from './_internals/tool-subset.ts'
export { scrambledToolNames } from './scrambled-tool-names.ts'
export { scrambledDescriptions } from './scrambled-descriptions.ts'
export { scrambledArgumentDescriptions } from './scrambled-argument-descriptions.ts'
export { scrambledArgumentTypes } from './scrambled-argument-types.ts'
export { scrambledArgumentNames } from './scrambled-argument-names.ts'
export type { ParaphrasesConstraints } from './paraphrases.ts'
export { paraphrases } from './paraphrases.ts'
export type { ModelParaphrasesOptions, ParaphraseRequest, Paraphraser } from './model-paraphrases.ts'
export { modelParaphrases } from './model-paraphrases.ts'
export { toolSandboxVariant } from './toolsandbox-variant.ts'
export type { ChatParaphraserOptions } from './chat-paraphraser.ts'
export { chatParaphraser, parseParaphrases } from './chat-paraphraser.ts'
export type { ToolFaultsConstraints } from './tool-faults.ts'
export { toolFaults } from './tool-faults.ts'
export type { PromptInjectionsConstraints } from './prompt-injections.ts'
export { promptInjections } from './prompt-injections.ts'
export type { UserPerturbationsConstraints } from './user-perturbations.ts'
export { userPerturbations } from './user-perturbations.ts'
export type { WorldPerturbationsConstraints } from './world-perturbations.ts'
export { worldPerturbations } from './world-perturbations.ts'
export type { RobustnessConstraints, RobustnessFamily } from './robustness.ts'
export { robustness } from './robustness.ts'
export type { RobustnessSource } from './_internals/robustness-context.ts'
