/**
 * `vitest-toolcheck/vitest`: the vitest plugin, the scenario matchers (typed through vitest's
 * `Matchers<R, T>`), scenario test tables, the sweep API and the task metadata the reporter reads.
 */
// First, so that an unsupported Node stops here with one line (see check-node.ts).
import '../check-node.ts'
import './vitest-augmentation.ts'

export { toolcheck } from './plugin.ts'
export type { ResolvedToolcheckOptions, ToolcheckOptions } from './plugin-options.ts'
export { resolveToolcheckOptions, toolcheckOptionsSchema } from './plugin-options.ts'
export { ToolcheckOptionsError } from './toolcheck-options-error.ts'
export { toolcheckMatchers } from './matchers.ts'
export type { HitMilestonesOptions } from './to-hit-milestones.ts'
export type { AvoidMinefieldsOptions } from './to-avoid-minefields.ts'
export type { GroundTruthCallsOptions } from './to-match-ground-truth-calls.ts'
export type { ScenarioRun } from './scenario-run.ts'
export { ReceivedValueError } from './scenario-run.ts'
export { AgentCodeFailure, DomainFailure, InfrastructureFailure, RunFailure } from './run-failure.ts'
export type { PlayContext, PlayOptions } from './play-scenario.ts'
export { playScenario } from './play-scenario.ts'
export type { ScenarioCase, ScenarioTestOptions } from './describe-scenarios.ts'
export { describeScenarios, scenarioCases, scenarioTest } from './describe-scenarios.ts'
export type { MatchRecord, MetaReading, RunRecord, ToolcheckMeta } from './run-metadata.ts'
export { readRunRecords, recordRun, runRecordSchema, TOOLCHECK_META_KEY, toolcheckMetaSchema } from './run-metadata.ts'
export type { Transcript, TranscriptMessage } from './transcript.ts'
export type { ShownTool } from './shown-tools.ts'
export { shownTools } from './shown-tools.ts'
export { quoteMessage } from './quote-message.ts'
export { buildTranscript, TRANSCRIPT_ANNOTATION_TYPE } from './transcript.ts'
export type { SweepOptions, SweepPlay, SweepPlayer, SweepReport, SweepRoles, SweepRun } from './sweep.ts'
export { checkSweep, failsUnaugmented, SweepFailure, sweepFailureMessage, sweepScenario } from './sweep.ts'
