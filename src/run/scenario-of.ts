import type { Trajectory } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'

/**
 * The scenario each trajectory made by `runScenario` in this process was played from. A weak map,
 * so trajectories stay plain data (JSON, structured clone) and are freed as usual; it lets the
 * matchers evaluate a bare trajectory: `await expect(trajectory).toHitMilestones()`.
 *
 * It is kept under a global symbol because vitest may load toolcheck twice in one worker (the
 * matchers' setup file through vite, a test's `import 'vitest-toolcheck'` natively), and both copies must
 * see the same map.
 */
const REGISTRY = Symbol.for('toolcheck.scenarioOfTrajectory')
const scenarios: WeakMap<Trajectory, Scenario> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new WeakMap<Trajectory, Scenario>()) as WeakMap<
  Trajectory,
  Scenario
>

/** Records that `trajectory` was played from `scenario`. */
export function rememberScenario(trajectory: Trajectory, scenario: Scenario): Trajectory {
  scenarios.set(trajectory, scenario)
  return trajectory
}

/** The scenario `trajectory` was played from, when `runScenario` made it in this process. */
export function scenarioOf(trajectory: Trajectory): Scenario | undefined {
  return scenarios.get(trajectory)
}
