/**
 * Offline weather: for each city, twelve monthly normals (typical daily high and low in °C,
 * humidity in %, chance of rain in %) and a seven-day pattern of departures from them. The
 * weather of a city on a date is the normal of that date's month plus the pattern entry for the
 * date (day of the year modulo 7), so a date always has the same weather whatever the scenario's
 * clock, and a week shows seven different days. All figures are invented but plausible.
 */
export interface WeatherCity {
  readonly name: string
  readonly region: string
  readonly country: string
  readonly latitude: number
  readonly longitude: number
  readonly timeZone: string
  /** Typical daily highs in °C, January to December. */
  readonly highs: readonly number[]
  /** Typical daily lows in °C, January to December. */
  readonly lows: readonly number[]
  /** Typical relative humidity in %, January to December. */
  readonly humidity: readonly number[]
  /** Typical chance of rain in %, January to December. */
  readonly rainChance: readonly number[]
  /** Typical wind speed in km/h. */
  readonly wind: number
}

/** One day's departure from the monthly normal. */
export interface WeatherPatternDay {
  /** Added to the normal high and low, in °C. */
  readonly shift: number
  /** Added to the normal chance of rain, in percentage points. */
  readonly rainShift: number
  /** Multiplies the typical wind speed. */
  readonly windFactor: number
  readonly cloud: number
}

const city = (
  name: string,
  region: string,
  country: string,
  latitude: number,
  longitude: number,
  timeZone: string,
  highs: readonly number[],
  lows: readonly number[],
  humidity: readonly number[],
  rainChance: readonly number[],
  wind: number,
): WeatherCity => ({ name, region, country, latitude, longitude, timeZone, highs, lows, humidity, rainChance, wind })

/** Every city with weather. */
export const WEATHER_CITIES: readonly WeatherCity[] = [
  city('San Francisco', 'California', 'United States of America', 37.7749, -122.4194, 'America/Los_Angeles',
    [14, 16, 17, 18, 19, 21, 21, 22, 23, 21, 17, 14], [8, 9, 9, 10, 11, 12, 13, 13, 13, 12, 10, 8],
    [79, 77, 74, 72, 73, 74, 77, 78, 75, 73, 75, 78], [45, 42, 35, 20, 10, 4, 2, 3, 5, 15, 32, 44], 17),
  city('New York', 'New York', 'United States of America', 40.7128, -74.006, 'America/New_York',
    [4, 6, 10, 17, 22, 27, 29, 28, 24, 18, 12, 6], [-3, -2, 2, 7, 12, 18, 21, 20, 16, 10, 5, 0],
    [62, 61, 60, 58, 64, 66, 67, 69, 69, 66, 64, 64], [35, 32, 36, 36, 38, 35, 36, 33, 30, 30, 33, 36], 15),
  city('Chicago', 'Illinois', 'United States of America', 41.8781, -87.6298, 'America/Chicago',
    [0, 2, 8, 15, 21, 27, 29, 28, 24, 17, 9, 2], [-8, -6, -1, 4, 10, 16, 19, 18, 14, 7, 1, -5],
    [72, 71, 68, 64, 64, 66, 68, 71, 71, 68, 72, 75], [33, 30, 36, 38, 38, 36, 33, 32, 30, 31, 33, 33], 19),
  city('Seattle', 'Washington', 'United States of America', 47.6062, -122.3321, 'America/Los_Angeles',
    [8, 10, 12, 15, 19, 22, 26, 26, 22, 16, 11, 8], [3, 3, 4, 6, 9, 12, 14, 14, 12, 8, 5, 3],
    [79, 76, 73, 70, 67, 65, 62, 64, 70, 77, 80, 81], [63, 55, 58, 50, 38, 30, 13, 14, 30, 48, 63, 64], 12),
  city('Austin', 'Texas', 'United States of America', 30.2672, -97.7431, 'America/Chicago',
    [17, 19, 23, 27, 31, 34, 36, 36, 33, 28, 22, 18], [5, 7, 11, 15, 19, 23, 24, 24, 21, 16, 10, 6],
    [66, 65, 64, 66, 70, 68, 62, 61, 65, 65, 67, 67], [22, 22, 24, 22, 28, 22, 13, 14, 20, 22, 22, 22], 13),
  city('Boston', 'Massachusetts', 'United States of America', 42.3601, -71.0589, 'America/New_York',
    [2, 4, 8, 14, 20, 25, 28, 27, 23, 17, 11, 5], [-6, -5, -1, 5, 10, 15, 19, 18, 14, 8, 3, -2],
    [62, 61, 62, 62, 66, 68, 68, 70, 71, 68, 66, 64], [36, 33, 37, 37, 36, 33, 31, 30, 28, 30, 34, 37], 19),
  city('Los Angeles', 'California', 'United States of America', 34.0522, -118.2437, 'America/Los_Angeles',
    [20, 20, 21, 22, 23, 25, 28, 29, 28, 26, 23, 20], [9, 10, 11, 12, 14, 16, 18, 18, 17, 15, 11, 9],
    [63, 66, 68, 68, 71, 73, 73, 73, 71, 68, 62, 61], [22, 25, 19, 9, 4, 1, 1, 1, 3, 7, 12, 19], 11),
  city('Denver', 'Colorado', 'United States of America', 39.7392, -104.9903, 'America/Denver',
    [7, 8, 13, 16, 21, 28, 31, 30, 26, 19, 12, 7], [-8, -7, -3, 1, 7, 12, 15, 14, 9, 2, -4, -8],
    [50, 51, 49, 47, 49, 44, 43, 46, 44, 44, 51, 51], [13, 16, 20, 26, 33, 27, 30, 28, 18, 15, 14, 13], 14),
  city('Miami', 'Florida', 'United States of America', 25.7617, -80.1918, 'America/New_York',
    [24, 25, 26, 28, 30, 31, 32, 32, 31, 29, 27, 25], [16, 17, 19, 21, 23, 25, 25, 26, 25, 23, 20, 18],
    [72, 70, 69, 67, 71, 76, 75, 76, 78, 76, 74, 72], [20, 18, 20, 20, 35, 58, 55, 60, 60, 43, 25, 20], 16),
  city('London', 'City of London, Greater London', 'United Kingdom', 51.5072, -0.1276, 'Europe/London',
    [8, 9, 12, 15, 18, 21, 24, 23, 20, 16, 11, 9], [3, 3, 4, 6, 9, 12, 14, 14, 12, 9, 6, 4],
    [83, 79, 74, 69, 69, 68, 67, 70, 74, 79, 83, 84], [50, 42, 40, 38, 37, 33, 33, 35, 36, 45, 48, 48], 16),
  city('Paris', 'Ile-de-France', 'France', 48.8566, 2.3522, 'Europe/Paris',
    [7, 9, 13, 16, 20, 23, 25, 25, 21, 16, 11, 8], [3, 3, 5, 7, 11, 14, 16, 16, 13, 10, 6, 4],
    [84, 80, 75, 70, 72, 70, 69, 71, 76, 82, 85, 86], [43, 37, 38, 37, 40, 33, 30, 30, 31, 38, 42, 44], 14),
  city('Tokyo', 'Tokyo', 'Japan', 35.6762, 139.6503, 'Asia/Tokyo',
    [10, 11, 14, 19, 23, 26, 30, 31, 27, 22, 17, 12], [1, 2, 5, 10, 15, 19, 23, 24, 21, 15, 9, 4],
    [52, 53, 58, 63, 68, 75, 77, 74, 75, 70, 63, 56], [16, 22, 30, 33, 33, 43, 37, 30, 40, 36, 26, 16], 12),
  // Cupertino, where ToolSandbox's device sits, and the Grand Canyon's South Rim, which its
  // scenarios ask about (Arizona keeps standard time).
  city('Cupertino', 'California', 'United States of America', 37.323, -122.0322, 'America/Los_Angeles',
    [15, 17, 19, 21, 24, 27, 29, 29, 28, 24, 19, 15], [4, 5, 6, 7, 9, 11, 13, 13, 12, 9, 6, 4],
    [74, 72, 70, 66, 65, 65, 67, 68, 67, 66, 70, 74], [45, 42, 35, 18, 8, 2, 1, 1, 3, 12, 30, 42], 11),
  city('Grand Canyon Village', 'Arizona', 'United States of America', 36.0544, -112.1401, 'America/Phoenix',
    [5, 7, 11, 15, 21, 27, 29, 27, 24, 17, 10, 5], [-8, -7, -4, -1, 3, 7, 11, 11, 7, 1, -4, -8],
    [55, 52, 45, 35, 28, 22, 35, 42, 38, 38, 45, 52], [20, 20, 20, 12, 10, 6, 30, 35, 20, 15, 15, 18], 13),
]

/** The seven-day pattern every city follows (a warm spell, a front, a cool clear spell). */
export const WEATHER_PATTERN: readonly WeatherPatternDay[] = [
  { shift: 0, rainShift: -10, windFactor: 0.8, cloud: 20 },
  { shift: 1.5, rainShift: -20, windFactor: 0.7, cloud: 5 },
  { shift: 2.5, rainShift: -5, windFactor: 1.0, cloud: 35 },
  { shift: 0.5, rainShift: 25, windFactor: 1.4, cloud: 80 },
  { shift: -2, rainShift: 40, windFactor: 1.6, cloud: 95 },
  { shift: -3, rainShift: 5, windFactor: 1.2, cloud: 55 },
  { shift: -1, rainShift: -15, windFactor: 0.9, cloud: 10 },
]
