import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import { PLACES } from './data/places.ts'
import type { Place } from './data/places.ts'
import { processText, ratio } from '../../../src/tools/fuzzy-score.ts'
import { greatCircleMetres } from './geodesic-distance.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { resolveCoordinates } from './resolve-coordinates.ts'
import { WIFI } from './state-requirements.ts'
import { checkLatitude, checkLongitude } from './value-checks.ts'

/** How far from a known address reverse geocoding still answers, in metres. */
export const REVERSE_GEOCODE_RADIUS_METRES = 1000
/** How many places a search returns at most (as ToolSandbox asks its service for). */
export const PLACE_SEARCH_LIMIT = 4
/** The lowest similarity (0 to 100) at which a query word counts as matching a word of a place. */
const WORD_MATCH_THRESHOLD = 80
/** Words that say where or how, not what; they are ignored in place queries. */
const FILLER_WORDS = new Set(['a', 'an', 'the', 'in', 'at', 'near', 'nearby', 'me', 'around', 'close', 'to', 'closest', 'nearest', 'best', 'good', 'some', 'of', 'for', 'place', 'places', 'find', 'any', 'shop'])

/** Reverse geocoding: the address of the nearest known place. */
export const searchLatLon = defineTool({
  name: 'search_lat_lon',
  group: 'rapid_api_search_tools',
  description: 'Finds the street address at or nearest to a latitude and longitude. Needs Wi-Fi.',
  args: z.object({
    latitude: z.number().describe('latitude in degrees, -90 to 90'),
    longitude: z.number().describe('longitude in degrees, -180 to 180'),
  }),
  returns: 'the address as one string, or null when no address is known near that point',
  action: false,
  requires: [WIFI],
  execute: (args, { world }) => {
    requireSetting({ world }, WIFI)
    const latitude = checkLatitude('latitude', args.latitude)
    const longitude = checkLongitude('longitude', args.longitude)
    let nearest: { place: Place; metres: number } | undefined
    for (const place of PLACES) {
      const metres = greatCircleMetres(latitude, longitude, place.latitude, place.longitude)
      if (nearest === undefined || metres < nearest.metres) nearest = { place, metres }
    }
    return nearest !== undefined && nearest.metres <= REVERSE_GEOCODE_RADIUS_METRES ? nearest.place.full_address : null
  },
})

/**
 * Whether a place answers a query: every meaningful query word (filler such as "near me" is
 * dropped) must be close (similarity ≥ 80, so plurals and small slips pass) to some word of the
 * place's name, types or city.
 */
export function placeMatches(query: string, place: Place): boolean {
  const wanted = processText(query)
    .split(' ')
    .filter((word) => word.length > 0 && !FILLER_WORDS.has(word))
  if (wanted.length === 0) return false
  const words = processText([place.name, ...place.types, place.city].join(' ')).split(' ')
  return wanted.every((word) => words.some((candidate) => ratio(word, candidate) >= WORD_MATCH_THRESHOLD))
}

/** Place search around a point. */
export const searchLocationAroundLatLon = defineTool({
  name: 'search_location_around_lat_lon',
  group: 'rapid_api_search_tools',
  description:
    'Searches for places (businesses, landmarks) matching a query, nearest first, around a latitude and longitude, or around the current location when both are omitted. Needs Wi-Fi, and the location service when no coordinates are given.',
  args: z.object({
    location: z.string().describe('what to look for, such as "coffee shop", "pharmacy" or a place name'),
    latitude: z.number().optional().describe('latitude of the search centre in degrees; omit together with longitude to use the current location'),
    longitude: z.number().optional().describe('longitude of the search centre in degrees; omit together with latitude to use the current location'),
  }),
  returns:
    'a list of at most 4 places, nearest first, each { name, full_address, latitude, longitude, types, rating, review_count, phone_number, price_level, timezone }; empty when nothing matches',
  action: false,
  requires: [WIFI],
  sometimesRequires: ['location_service'],
  execute: (args, { world }) => {
    requireSetting({ world }, WIFI)
    const centre = resolveCoordinates(world, args.latitude, args.longitude)
    return PLACES.filter((place) => placeMatches(args.location, place))
      .map((place) => ({ place, metres: greatCircleMetres(centre.latitude, centre.longitude, place.latitude, place.longitude) }))
      .sort((a, b) => a.metres - b.metres || a.place.name.localeCompare(b.place.name))
      .slice(0, PLACE_SEARCH_LIMIT)
      .map(({ place }) => ({
        name: place.name,
        full_address: place.full_address,
        latitude: place.latitude,
        longitude: place.longitude,
        types: [...place.types],
        rating: place.rating,
        review_count: place.review_count,
        phone_number: place.phone_number,
        price_level: place.price_level,
        timezone: place.timezone,
      }))
  },
})
