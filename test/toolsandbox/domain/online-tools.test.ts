import { describe, expect, it } from 'vitest'
import { CURRENCIES } from '../../../scenarios/toolsandbox/domain/data/currencies.ts'
import { PLACES } from '../../../scenarios/toolsandbox/domain/data/places.ts'
import { STOCKS } from '../../../scenarios/toolsandbox/domain/data/stocks.ts'
import { WEATHER_CITIES } from '../../../scenarios/toolsandbox/domain/data/weather.ts'
import { convertCurrency } from '../../../scenarios/toolsandbox/domain/currency-tool.ts'
import { buildStartingWorld, DEFAULT_LOCATION } from '../../../scenarios/toolsandbox/domain/index.ts'
import { searchLatLon, searchLocationAroundLatLon } from '../../../scenarios/toolsandbox/domain/maps-tools.ts'
import { searchStock } from '../../../scenarios/toolsandbox/domain/stock-tool.ts'
import { searchWeatherAroundLatLon } from '../../../scenarios/toolsandbox/domain/weather-tool.ts'
import { weatherFor } from '../../../scenarios/toolsandbox/domain/weather-forecast.ts'
import { geodesicDistanceKm } from '../../../scenarios/toolsandbox/domain/geodesic-distance.ts'
import { call, callError, CLOCK } from './helpers.ts'

const wifiOff = () => buildStartingWorld({ settings: { wifi: false } }, CLOCK)
const locationOff = () => buildStartingWorld({ settings: { location_service: false } }, CLOCK)

describe('bundled data', () => {
  it('meets the minimum sizes', () => {
    expect(PLACES.length).toBeGreaterThanOrEqual(30)
    expect(new Set(PLACES.map((place) => place.city)).size).toBeGreaterThanOrEqual(5)
    expect(WEATHER_CITIES.length).toBeGreaterThanOrEqual(10)
    expect(STOCKS.length).toBeGreaterThanOrEqual(20)
    expect(new Set(STOCKS.map((stock) => stock.symbol)).size).toBe(STOCKS.length)
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(15)
  })

  it('places sit in their weather city and the default location is in a bundled city', () => {
    for (const place of PLACES) {
      const city = WEATHER_CITIES.find((candidate) => candidate.name === place.city)
      expect(city, place.name).toBeDefined()
      if (city !== undefined) expect(geodesicDistanceKm(place.latitude, place.longitude, city.latitude, city.longitude), place.name).toBeLessThan(15)
    }
    expect(geodesicDistanceKm(DEFAULT_LOCATION.latitude, DEFAULT_LOCATION.longitude, 37.7749, -122.4194)).toBeLessThan(2)
  })

  it('gives every city seven distinct, consistent days of weather', () => {
    for (const city of WEATHER_CITIES) {
      const week = [0, 1, 2, 3, 4, 5, 6].map((days) => weatherFor(city, CLOCK.now, days))
      expect(new Set(week.map((day) => day['date'])).size).toBe(7)
      for (const day of week) {
        expect(Number(day['min_temperature'])).toBeLessThanOrEqual(Number(day['max_temperature']))
        expect(String(day['sunrise'])).toMatch(/^\d\d:\d\d AM$/)
        expect(String(day['sunset'])).toMatch(/^\d\d:\d\d PM$/)
      }
      // A date's weather does not depend on which day the clock is.
      const tomorrow = weatherFor(city, CLOCK.now, 1)
      const todayFromTomorrow = weatherFor(city, CLOCK.now + 86_400, 0)
      expect(todayFromTomorrow['max_temperature']).toBe(tomorrow['max_temperature'])
    }
  })
})

describe('search_lat_lon', () => {
  it('gives the nearest known address within a kilometre, else null', async () => {
    expect((await call(searchLatLon, { latitude: 37.7765, longitude: -122.4242 })).result).toBe('412 Hayes St, San Francisco, CA 94102')
    expect((await call(searchLatLon, { ...DEFAULT_LOCATION })).result).toBe('150 Van Ness Ave, San Francisco, CA 94102')
    expect((await call(searchLatLon, { latitude: 0, longitude: 0 })).result).toBeNull()
    expect((await callError(searchLatLon, { latitude: 0, longitude: 0 }, wifiOff())).kind).toBe('ConnectionError')
  })
})

describe('search_location_around_lat_lon', () => {
  it('finds matching places nearest first around the current location, at most four', async () => {
    const coffee = (await call(searchLocationAroundLatLon, { location: 'coffee near me' })).result as { name: string }[]
    expect(coffee[0]?.name).toBe('Civic Grind Coffee')
    expect(coffee).toHaveLength(4)
    const tacos = (await call(searchLocationAroundLatLon, { location: 'taco' })).result as { name: string }[]
    expect(tacos.map((place) => place.name).slice(0, 2)).toEqual(['Mission Dolores Tacos', 'Fremont Taqueria'])
    const pizza = (await call(searchLocationAroundLatLon, { location: 'pizza in Chicago' })).result as { name: string }[]
    expect(pizza.map((place) => place.name)).toEqual(['Loop Deep Dish'])
    expect((await call(searchLocationAroundLatLon, { location: 'zeppelin hangar' })).result).toEqual([])
  })

  it('uses given coordinates without the location service', async () => {
    const books = (await call(searchLocationAroundLatLon, { location: 'bookstore', latitude: 42.36, longitude: -71.06 }, locationOff())).result as { name: string }[]
    expect(books.map((place) => place.name)).toEqual(['Charles Street Books', 'Bleecker Street Books'])
  })

  it('needs the location service only when coordinates are omitted, and both or neither', async () => {
    const error = await callError(searchLocationAroundLatLon, { location: 'coffee' }, locationOff())
    expect(error.kind).toBe('PermissionError')
    expect(error.message).toMatch(/location service/)
    expect((await callError(searchLocationAroundLatLon, { location: 'coffee', latitude: 37 })).message).toMatch(/both latitude and longitude/)
    expect((await callError(searchLocationAroundLatLon, { location: 'coffee' }, wifiOff())).kind).toBe('ConnectionError')
    expect(searchLocationAroundLatLon.sometimesRequires).toEqual(['location_service'])
  })
})

describe('search_weather_around_lat_lon', () => {
  it('gives today with current conditions near the device', async () => {
    const today = (await call(searchWeatherAroundLatLon, {})).result as Record<string, unknown>
    expect(today).toMatchObject({ name: 'San Francisco', date: '2026-05-14', temperature_unit: 'Celsius', distance_unit: 'Kilometer', localtime: '2026-05-14 10:00' })
    for (const key of ['current_temperature', 'perceived_temperature', 'max_temperature', 'min_temperature', 'average_temperature', 'wind_speed', 'humidity', 'condition', 'sunrise', 'sunset'])
      expect(today, key).toHaveProperty(key)
    expect(Number(today['current_temperature'])).toBeGreaterThanOrEqual(Number(today['min_temperature']))
    expect(Number(today['current_temperature'])).toBeLessThanOrEqual(Number(today['max_temperature']))
  })

  it('gives later days without current conditions, for a given city', async () => {
    const later = (await call(searchWeatherAroundLatLon, { days: 3, latitude: 40.75, longitude: -73.99 })).result as Record<string, unknown>
    expect(later).toMatchObject({ name: 'New York', date: '2026-05-17' })
    expect(later).not.toHaveProperty('current_temperature')
  })

  it('refuses days outside 0..6, far places, and missing services', async () => {
    expect((await callError(searchWeatherAroundLatLon, { days: 7 })).message).toMatch(/days is 7/)
    expect((await callError(searchWeatherAroundLatLon, { days: -1 })).message).toMatch(/days is -1/)
    expect((await callError(searchWeatherAroundLatLon, { latitude: -33.87, longitude: 151.21 })).message).toMatch(/Covered cities: San Francisco/)
    expect((await callError(searchWeatherAroundLatLon, {}, wifiOff())).kind).toBe('ConnectionError')
    expect((await callError(searchWeatherAroundLatLon, {}, locationOff())).kind).toBe('PermissionError')
  })
})

describe('search_stock', () => {
  it('finds by symbol, name or alias', async () => {
    expect((await call(searchStock, { query: 'aapl' })).result).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', price: 212.44, change: 2.26, currency: 'USD' })
    expect((await call(searchStock, { query: 'NVDA:NASDAQ' })).result).toMatchObject({ symbol: 'NVDA' })
    expect((await call(searchStock, { query: 'Microsoft' })).result).toMatchObject({ symbol: 'MSFT' })
    expect((await call(searchStock, { query: 'google' })).result).toMatchObject({ symbol: 'GOOGL' })
    expect((await call(searchStock, { query: 'Cocacola' })).result).toMatchObject({ symbol: 'KO' })
    expect((await call(searchStock, { query: 'Acme Rockets' })).result).toBeNull()
    expect((await callError(searchStock, { query: 'AAPL' }, wifiOff())).kind).toBe('ConnectionError')
  })
})

describe('convert_currency', () => {
  it('an amount whose conversion overflows is a ValueError, not a broken result', async () => {
    const error = await callError(convertCurrency, { amount: 1e308, from_currency_code: 'USD', to_currency_code: 'JPY' })
    expect(error.kind).toBe('ValueError')
    expect(error.message).toMatch(/amount 1e\+308 .*too large/)
  })

  it('converts at fixed rates and validates codes', async () => {
    expect((await call(convertCurrency, { amount: 100, from_currency_code: 'USD', to_currency_code: 'EUR' })).result).toBe(92)
    expect((await call(convertCurrency, { amount: 92, from_currency_code: 'eur', to_currency_code: 'usd' })).result).toBe(100)
    expect((await call(convertCurrency, { amount: 1000, from_currency_code: 'JPY', to_currency_code: 'GBP' })).result).toBe(5.22)
    expect((await callError(convertCurrency, { amount: 1, from_currency_code: 'dollars', to_currency_code: 'EUR' })).message).toMatch(/three-letter ISO 4217/)
    expect((await callError(convertCurrency, { amount: 1, from_currency_code: 'USD', to_currency_code: 'XYZ' })).message).toMatch(/to_currency_code "XYZ".*USD, EUR/)
    expect((await callError(convertCurrency, { amount: 1, from_currency_code: 'USD', to_currency_code: 'EUR' }, wifiOff())).kind).toBe('ConnectionError')
  })
})
