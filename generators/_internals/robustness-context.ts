import type { AnyDomain } from '../../src/domain/index.ts'
import { buildWorld } from '../../src/domain/index.ts'
import type { Scenario } from '../../src/scenario/index.ts'
import { attachedDomain, clockOf } from '../../src/scenario/index.ts'
import type { ToolRegistry } from '../../src/tools/tool-registry.ts'
import type { WorldSnapshot } from '../../src/world/index.ts'

/** Where the robustness generators take tools and rows from. */
export interface RobustnessSource {
  /** The scenario to augment. */
  readonly scenario: Scenario
  /**
   * The domain the scenario plays in: its tools say which calls only read, its tables and rows
   * give attacker goals, decoys and extra rows. The scenario's own by default (one defined with
   * its domain object, as the built-in corpus is).
   */
  readonly domain?: AnyDomain
  /** The tools, when they are not the domain's. */
  readonly registry?: ToolRegistry
}

/** The domain, registry and starting world of a generator's scenario; throws naming what is missing. */
export function robustnessContext(generator: string, source: RobustnessSource): { domain: AnyDomain; registry: ToolRegistry; world: () => WorldSnapshot } {
  const domain = source.domain ?? attachedDomain(source.scenario)
  if (domain === undefined)
    throw new Error(`${generator} needs the domain of scenario ${source.scenario.id} (it names ${source.scenario.domain}): pass { domain } (the built-in phone is deviceDomain from vitest-toolcheck/toolsandbox)`)
  let world: WorldSnapshot | undefined
  return { domain, registry: source.registry ?? domain.registry, world: () => (world ??= buildWorld(domain, source.scenario.world, clockOf(source.scenario))) }
}
