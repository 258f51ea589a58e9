import type { Scenario } from '../scenario/index.ts'
import type { Clock } from '../tools/context.ts'

/** A scenario's frozen clock: its `clock.now` in seconds since the epoch, and its time zone. */
export function clockOf(scenario: Pick<Scenario, 'clock'>): Clock {
  return Object.freeze({ now: Date.parse(scenario.clock.now) / 1000, timeZone: scenario.clock.timeZone })
}
