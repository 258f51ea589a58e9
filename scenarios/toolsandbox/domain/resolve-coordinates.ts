import { ToolError } from '../../../src/tools/tool-error.ts'
import type { WorldDraft } from '../../../src/world/index.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { LOCATION_SERVICE } from './state-requirements.ts'
import { checkLatitude, checkLongitude } from './value-checks.ts'

/**
 * The coordinates an online tool works with: the given ones, or the device's position when both
 * are omitted, which needs the location service (so those tools list `location_service` in
 * `sometimesRequires`).
 */
export function resolveCoordinates(world: WorldDraft, latitude: number | undefined, longitude: number | undefined): { latitude: number; longitude: number } {
  if (latitude !== undefined && longitude !== undefined) return { latitude: checkLatitude('latitude', latitude), longitude: checkLongitude('longitude', longitude) }
  if (latitude !== undefined || longitude !== undefined)
    throw new ToolError('ValueError', 'give both latitude and longitude, or neither to use the current location')
  requireSetting({ world }, LOCATION_SERVICE)
  const settings = world.settings()
  return { latitude: Number(settings['latitude']), longitude: Number(settings['longitude']) }
}
