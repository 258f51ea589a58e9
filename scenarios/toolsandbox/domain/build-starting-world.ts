import { buildWorld } from '../../../src/domain/index.ts'
import type { WorldSpec } from '../../../src/domain/index.ts'
import type { Clock } from '../../../src/tools/context.ts'
import type { WorldSnapshot } from '../../../src/world/index.ts'
import { deviceDomain } from './device-domain.ts'

/** The device domain's starting world for `spec` at `clock`: `buildWorld(deviceDomain, spec, clock)`. */
export function buildStartingWorld(spec: WorldSpec, clock: Clock): WorldSnapshot {
  return buildWorld(deviceDomain, spec, clock)
}
