// Type tests, checked by `tsc --noEmit` (npm test): the matcher and plugin typings.
import { expect, expectTypeOf, test } from 'vitest'
import type { Plugin } from 'vitest/config'
import type { Trajectory } from '../../src/conversation/index.ts'
import type { ToolTalkCall } from '../../scenarios/tooltalk/domain/index.ts'
import type { ResolvedToolcheckOptions, ScenarioRun, ToolcheckOptions } from '../../src/vitest/index.ts'
import { toolcheck } from '../../src/vitest/index.ts'

declare const run: ScenarioRun
declare const trajectory: Trajectory
declare const calls: ToolTalkCall[]

test('evaluating matchers are async and must be awaited', async () => {
  expectTypeOf(expect(run).toHitMilestones()).toEqualTypeOf<Promise<void>>()
  expectTypeOf(expect(run).toHitMilestones([{ constraints: [{ kind: 'table', table: 'settings', rows: [{ wifi: true }] }] }], { atLeast: 0.5 })).toEqualTypeOf<Promise<void>>()
  expectTypeOf(expect(run).not.toAvoidMinefields()).toEqualTypeOf<Promise<void>>()
  expectTypeOf(expect(run).toScoreAtLeast(0.8)).toEqualTypeOf<Promise<void>>()
  expectTypeOf(expect(calls).toMatchGroundTruthCalls(calls, { strict: true, minimumRecall: 0.5 })).toEqualTypeOf<Promise<void>>()
  // toFinishWithin only reads the trajectory: synchronous.
  expectTypeOf(expect(trajectory).toFinishWithin(10)).toEqualTypeOf<void>()

  // @ts-expect-error atLeast is a number
  await expect(run).toHitMilestones(undefined, { atLeast: 'all' })
  // @ts-expect-error a milestone needs constraints of a known kind
  await expect(run).toHitMilestones([{ constraints: [{ kind: 'nothing' }] }])
  // @ts-expect-error the minimum score is a number
  await expect(run).toScoreAtLeast('high')
  // @ts-expect-error turns is a number
  expect(trajectory).toFinishWithin('ten')
  // @ts-expect-error ground-truth calls are ToolTalk calls
  await expect(calls).toMatchGroundTruthCalls([{ name: 'SendEmail' }])
  // @ts-expect-error toolcheck adds no such matcher
  expect(run).toHitMilestone()
})

test('plugin options are typed', () => {
  expectTypeOf(toolcheck).parameter(0).toEqualTypeOf<ToolcheckOptions | undefined>()
  expectTypeOf(toolcheck()).toEqualTypeOf<Plugin>()
  toolcheck({ agent: 'openai:gpt-4o', user: 'scripted', trials: 4, concurrency: { 'openai:gpt-4o': 2 }, embedder: 'offline', reportDir: 'out', html: false, summary: true })
  toolcheck({ concurrency: 3 })
  // @ts-expect-error trials is a number
  toolcheck({ trials: '4' })
  // @ts-expect-error unknown option
  toolcheck({ retries: 2 })
  // @ts-expect-error concurrency per endpoint takes numbers
  toolcheck({ concurrency: { openai: 'many' } })
  expectTypeOf<ResolvedToolcheckOptions['trials']>().toEqualTypeOf<number>()
})
