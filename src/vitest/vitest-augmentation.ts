import 'vitest'
import type { ToolTalkCall } from '../../scenarios/tooltalk/domain/index.ts'
import type { MilestoneInput } from '../scenario/index.ts'
import type { ResolvedToolcheckOptions } from './plugin-options.ts'
import type { ResumedTests } from './resumed-tests.ts'
import type { ToolcheckMeta } from './run-metadata.ts'
import type { AvoidMinefieldsOptions } from './to-avoid-minefields.ts'
import type { HitMilestonesOptions } from './to-hit-milestones.ts'
import type { GroundTruthCallsOptions } from './to-match-ground-truth-calls.ts'

// vitest 5 reads one `Matchers<R, T>` interface for `expect(x).matcher`, `expect.matcher`
// (asymmetric) and `expect.extend`. Matchers that evaluate are asynchronous: their type returns
// `Promise<void>` so an un-awaited call is a type error as well as a runtime failure.
declare module 'vitest' {
  interface Matchers<R, T> {
    /**
     * The run hits its scenario's milestones (or the given ones) with a milestone score of at
     * least `atLeast` (default 1). Received: a scenario run `{ scenario, trajectory }`.
     */
    toHitMilestones: (milestones?: readonly MilestoneInput[], options?: HitMilestonesOptions) => Promise<void>
    /** No minefield of the scenario (or the given ones) fired. Received: a scenario run. */
    toAvoidMinefields: (minefields?: readonly MilestoneInput[], options?: AvoidMinefieldsOptions) => Promise<void>
    /** The run's score is at least `minimum`. Received: a scenario run. */
    toScoreAtLeast: (minimum: number) => Promise<void>
    /** The conversation ended by itself within `turns` turns. Received: a trajectory or a scenario run. */
    toFinishWithin: (turns: number) => R
    /**
     * The predicted calls match ToolTalk ground-truth calls by its rules (default: its `success`).
     * Received: `ToolTalkCall[]`, a trajectory or a scenario run.
     */
    toMatchGroundTruthCalls: (groundTruth: readonly ToolTalkCall[], options?: GroundTruthCallsOptions) => Promise<void>
  }

  interface TaskMeta {
    /** Runs recorded by toolcheck (see `run-metadata.ts`), read by its reporter. */
    toolcheck?: ToolcheckMeta
  }

  interface ProvidedContext {
    /** The `toolcheck()` plugin's resolved options. */
    toolcheck: ResolvedToolcheckOptions
    /** The tests of the report a run resumes (`toolcheck({ resume })`), when it resumes one. */
    toolcheckResume?: ResumedTests
  }
}

export {}
