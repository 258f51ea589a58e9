import { describe, expect, it } from 'vitest'
import { calculateLatLonDistance } from '../../../scenarios/toolsandbox/domain/calculate-distance-tool.ts'
import { geodesicDistanceKm } from '../../../scenarios/toolsandbox/domain/geodesic-distance.ts'
import { call, callError } from './helpers.ts'

describe('calculate_lat_lon_distance', () => {
  it('matches known WGS-84 geodesic distances to a metre', async () => {
    // Newport, RI to Cleveland, OH: 866.455432910 km on WGS-84 (geopy's geodesic documentation example).
    const km = (await call(calculateLatLonDistance, { latitude_0: 41.49008, longitude_0: -71.312796, latitude_1: 41.499498, longitude_1: -81.695391 })).result as number
    expect(Math.abs(km - 866.45543291)).toBeLessThan(0.001)
    // Flinders Peak to Buninyong (Vincenty's and Geoscience Australia's test line): 54 972.271 m.
    const flinders = geodesicDistanceKm(-(37 + 57 / 60 + 3.7203 / 3600), 144 + 25 / 60 + 29.5244 / 3600, -(37 + 39 / 60 + 10.1561 / 3600), 143 + 55 / 60 + 35.3839 / 3600)
    expect(Math.abs(flinders * 1000 - 54_972.271)).toBeLessThan(0.01)
    // A quarter of the equator: a × π / 2.
    expect(geodesicDistanceKm(0, 0, 0, 90)).toBeCloseTo((6_378_137 * Math.PI) / 2 / 1000, 6)
    expect(geodesicDistanceKm(10, 20, 10, 20)).toBe(0)
  })

  it('gives a finite answer for nearly antipodal points', () => {
    const km = geodesicDistanceKm(0, 0, 0.5, 179.7)
    expect(km).toBeGreaterThan(19_900)
    expect(km).toBeLessThan(20_050)
  })

  it('checks coordinate ranges', async () => {
    expect((await callError(calculateLatLonDistance, { latitude_0: 91, longitude_0: 0, latitude_1: 0, longitude_1: 0 })).message).toMatch(/latitude_0 is 91/)
    expect((await callError(calculateLatLonDistance, { latitude_0: 0, longitude_0: 0, latitude_1: 0, longitude_1: -181 })).message).toMatch(/longitude_1 is -181/)
  })
})
