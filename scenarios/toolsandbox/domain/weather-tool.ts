import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { WEATHER_CITIES } from './data/weather.ts'
import { greatCircleMetres } from './geodesic-distance.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { resolveCoordinates } from './resolve-coordinates.ts'
import { WIFI } from './state-requirements.ts'
import { nearestWeatherCity, weatherFor } from './weather-forecast.ts'

/** How far from a bundled city the weather service still answers, in kilometres. */
export const WEATHER_RADIUS_KM = 150

/** The weather today or on one of the next six days. */
export const searchWeatherAroundLatLon = defineTool({
  name: 'search_weather_around_lat_lon',
  group: 'rapid_api_search_tools',
  description:
    'Gives the weather forecast around a latitude and longitude (or the current location when both are omitted) for today or one of the next six days; today also includes the current conditions. Temperatures are in Celsius and distances in kilometres. Needs Wi-Fi, and the location service when no coordinates are given.',
  args: z.object({
    days: z.number().int().optional().describe('how many days from today: 0 for today (the default) up to 6'),
    latitude: z.number().optional().describe('latitude in degrees; omit together with longitude to use the current location'),
    longitude: z.number().optional().describe('longitude in degrees; omit together with latitude to use the current location'),
  }),
  returns:
    'an object with the place (name, region, country, latitude, longitude, timezone, date), the day (max_temperature, min_temperature, average_temperature, wind_speed, max_wind_speed, humidity, total_precipitation, daily_chance_of_rain, daily_chance_of_snow, uv, condition, sunrise, sunset) and, for today, current_temperature, perceived_temperature, cloud, pressure and localtime; plus temperature_unit and distance_unit',
  action: false,
  requires: [WIFI],
  sometimesRequires: ['location_service'],
  execute: (args, { world, clock }) => {
    requireSetting({ world }, WIFI)
    const days = args.days ?? 0
    if (days < 0 || days > 6) throw new ToolError('ValueError', `days is ${days}, but the forecast covers 0 (today) to 6 days ahead`)
    const point = resolveCoordinates(world, args.latitude, args.longitude)
    const { city, km } = nearestWeatherCity(point.latitude, point.longitude, (candidate) => greatCircleMetres(point.latitude, point.longitude, candidate.latitude, candidate.longitude) / 1000)
    if (km > WEATHER_RADIUS_KM)
      throw new ToolError(
        'NotFoundError',
        `no weather station within ${WEATHER_RADIUS_KM} km of (${point.latitude}, ${point.longitude}); the nearest is ${city.name}, ${Math.round(km)} km away. Covered cities: ${WEATHER_CITIES.map((candidate) => candidate.name).join(', ')}`,
      )
    return weatherFor(city, clock.now, days)
  },
})
