import type { Trajectory } from '../conversation/index.ts'
import type { AnyDomain } from '../domain/index.ts'
import type { Scenario } from '../scenario/index.ts'

/** What `runScenario` knows about a trajectory it made. */
interface RunOrigin {
  readonly scenario: Scenario
  readonly domain: AnyDomain
}

/**
 * The scenario and domain each trajectory made by `runScenario` in this process was played from. A
 * weak map, so trajectories stay plain data (JSON, structured clone) and are freed as usual; it
 * lets the matchers evaluate a bare trajectory: `await expect(trajectory).toHitMilestones()`.
 *
 * It is kept under a global symbol because vitest may load toolcheck twice in one worker (the
 * matchers' setup file through vite, a test's `import "vitest-toolcheck"` natively), and both copies must
 * see the same map.
 */
const REGISTRY = Symbol.for('toolcheck.originOfTrajectory')
const origins: WeakMap<Trajectory, RunOrigin> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new WeakMap<Trajectory, RunOrigin>()) as WeakMap<Trajectory, RunOrigin>

/** Records that `trajectory` was played from `scenario` in `domain`. */
export function rememberRun(trajectory: Trajectory, scenario: Scenario, domain: AnyDomain): Trajectory {
  origins.set(trajectory, { scenario, domain })
  return trajectory
}

/** The scenario `trajectory` was played from, when `runScenario` made it in this process. */
export function scenarioOf(trajectory: Trajectory): Scenario | undefined {
  return origins.get(trajectory)?.scenario
}

/** The domain `trajectory` was played in, when `runScenario` made it in this process. */
export function domainOf(trajectory: Trajectory): AnyDomain | undefined {
  return origins.get(trajectory)?.domain
}
