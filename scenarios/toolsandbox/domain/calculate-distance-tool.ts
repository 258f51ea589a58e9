import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import { geodesicDistanceKm } from './geodesic-distance.ts'
import { checkLatitude, checkLongitude } from './value-checks.ts'

/** The distance between two coordinates. */
export const calculateLatLonDistance = defineTool({
  name: 'calculate_lat_lon_distance',
  group: 'utilities',
  description: "Measures the distance in kilometres between two points given by latitude and longitude, along the Earth's surface.",
  args: z.object({
    latitude_0: z.number().describe('latitude of the first point in degrees, -90 to 90'),
    longitude_0: z.number().describe('longitude of the first point in degrees, -180 to 180'),
    latitude_1: z.number().describe('latitude of the second point in degrees, -90 to 90'),
    longitude_1: z.number().describe('longitude of the second point in degrees, -180 to 180'),
  }),
  returns: 'the distance in kilometres (a number)',
  action: false,
  execute: (args) =>
    geodesicDistanceKm(
      checkLatitude('latitude_0', args.latitude_0),
      checkLongitude('longitude_0', args.longitude_0),
      checkLatitude('latitude_1', args.latitude_1),
      checkLongitude('longitude_1', args.longitude_1),
    ),
})
