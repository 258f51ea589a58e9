import type { JsonValue } from '../../../src/world/index.ts'
import { WEATHER_CITIES, WEATHER_PATTERN } from './data/weather.ts'
import type { WeatherCity } from './data/weather.ts'
import { asUtcSeconds, localDateTime } from './local-time.ts'

const round1 = (value: number) => Math.round(value * 10) / 10
const DAY = 86_400

/** The day of the year (1 to 366) of a date. */
function dayOfYear(year: number, month: number, day: number): number {
  return Math.round((asUtcSeconds({ year, month, day, hour: 0, minute: 0, second: 0 }) - asUtcSeconds({ year, month: 1, day: 1, hour: 0, minute: 0, second: 0 })) / DAY) + 1
}

/** The text of a sky, from cloud cover, rain chance and temperature. */
function conditionText(cloud: number, rainChance: number, maxTemperature: number): string {
  if (rainChance >= 70) return maxTemperature <= 1 ? 'Moderate snow' : 'Moderate rain'
  if (rainChance >= 50) return maxTemperature <= 1 ? 'Light snow' : 'Light rain'
  if (rainChance >= 35) return 'Patchy rain nearby'
  if (cloud >= 85) return 'Overcast'
  if (cloud >= 40) return 'Partly cloudy'
  return 'Sunny'
}

/**
 * Sunrise and sunset in the city's local time ("06:42 AM"), from the solar declination and the
 * equation of time (accurate to a few minutes, which is all a forecast shows).
 */
function sunTimes(city: WeatherCity, year: number, month: number, day: number): { sunrise: string; sunset: string } {
  const n = dayOfYear(year, month, day)
  const declination = ((23.44 * Math.PI) / 180) * Math.sin(((2 * Math.PI) / 365) * (284 + n))
  const b = ((2 * Math.PI) / 364) * (n - 81)
  const equationOfTime = 9.87 * Math.sin(2 * b) - 7.53 * Math.cos(b) - 1.5 * Math.sin(b)
  const latitude = (city.latitude * Math.PI) / 180
  const cosine = (Math.sin((-0.833 * Math.PI) / 180) - Math.sin(latitude) * Math.sin(declination)) / (Math.cos(latitude) * Math.cos(declination))
  // Polar night or midnight sun: the sun does not cross the horizon that day.
  if (cosine > 1 || cosine < -1) return { sunrise: 'No sunrise', sunset: 'No sunset' }
  const halfDayMinutes = ((Math.acos(cosine) * 180) / Math.PI) * 4
  const noonMinutesUtc = 720 - 4 * city.longitude - equationOfTime
  const midnightUtc = asUtcSeconds({ year, month, day, hour: 0, minute: 0, second: 0 })
  const format = (minutesUtc: number) => {
    const local = localDateTime(midnightUtc + minutesUtc * 60, city.timeZone)
    const hour12 = local.hour % 12 === 0 ? 12 : local.hour % 12
    return `${String(hour12).padStart(2, '0')}:${String(local.minute).padStart(2, '0')} ${local.hour < 12 ? 'AM' : 'PM'}`
  }
  return { sunrise: format(noonMinutesUtc - halfDayMinutes), sunset: format(noonMinutesUtc + halfDayMinutes) }
}

/** How warm it feels: wind chill when cold and windy, a simple heat index when hot and humid. */
function perceivedTemperature(temperature: number, windKph: number, humidity: number): number {
  if (temperature <= 10 && windKph > 4.8) {
    const v = windKph ** 0.16
    return 13.12 + 0.6215 * temperature - 11.37 * v + 0.3965 * temperature * v
  }
  if (temperature >= 27) return temperature + 0.05 * (humidity - 40) * ((temperature - 26) / 2)
  return temperature
}

/** The nearest weather city to a point, with its distance in kilometres (great circle). */
export function nearestWeatherCity(latitude: number, longitude: number, distanceKm: (city: WeatherCity) => number): { city: WeatherCity; km: number } {
  let best: { city: WeatherCity; km: number } | undefined
  for (const city of WEATHER_CITIES) {
    const km = distanceKm(city)
    if (best === undefined || km < best.km) best = { city, km }
  }
  if (best === undefined) throw new Error('the bundled weather data holds no cities')
  return best
}

/**
 * The weather of a city `days` days after the local date of `now` (0 = today, with the current
 * conditions at `now`). Keys follow ToolSandbox's renamed weather fields; temperatures in °C,
 * wind in km/h, visibility in km, precipitation in mm.
 */
export function weatherFor(city: WeatherCity, now: number, days: number): Record<string, JsonValue> {
  const today = localDateTime(now, city.timeZone)
  const date = localDateTime(asUtcSeconds({ ...today, hour: 12, minute: 0, second: 0 }) + days * DAY, 'UTC')
  const monthIndex = date.month - 1
  const pattern = WEATHER_PATTERN[dayOfYear(date.year, date.month, date.day) % WEATHER_PATTERN.length] ?? { shift: 0, rainShift: 0, windFactor: 1, cloud: 50 }
  const maxTemperature = round1((city.highs[monthIndex] ?? 20) + pattern.shift)
  const minTemperature = round1((city.lows[monthIndex] ?? 10) + pattern.shift * 0.7)
  const chanceOfRain = Math.max(0, Math.min(100, Math.round((city.rainChance[monthIndex] ?? 20) + pattern.rainShift)))
  const humidity = Math.max(10, Math.min(100, Math.round((city.humidity[monthIndex] ?? 60) + pattern.rainShift / 4)))
  const windSpeed = round1(city.wind * pattern.windFactor)
  const snowy = maxTemperature <= 1
  const condition = conditionText(pattern.cloud, chanceOfRain, maxTemperature)
  const dateText = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
  const result: Record<string, JsonValue> = {
    name: city.name,
    region: city.region,
    country: city.country,
    latitude: city.latitude,
    longitude: city.longitude,
    timezone: city.timeZone,
    date: dateText,
    max_temperature: maxTemperature,
    min_temperature: minTemperature,
    average_temperature: round1((maxTemperature + minTemperature) / 2),
    max_wind_speed: round1(windSpeed * 1.5),
    wind_speed: windSpeed,
    total_precipitation: chanceOfRain >= 50 ? round1((chanceOfRain - 40) / 6) : 0,
    average_visibility: chanceOfRain >= 50 ? 7 : 10,
    average_humidity: humidity,
    humidity,
    daily_will_it_rain: !snowy && chanceOfRain >= 50 ? 1 : 0,
    daily_chance_of_rain: snowy ? 0 : chanceOfRain,
    daily_will_it_snow: snowy && chanceOfRain >= 50 ? 1 : 0,
    daily_chance_of_snow: snowy ? chanceOfRain : 0,
    uv: Math.max(1, Math.round(((maxTemperature + 5) / 5) * (1 - pattern.cloud / 150))),
    condition,
    ...sunTimes(city, date.year, date.month, date.day),
    temperature_unit: 'Celsius',
    distance_unit: 'Kilometer',
  }
  if (days === 0) {
    // Temperature follows the day: lowest at 05:00, highest at 15:00, a cosine between.
    const hours = today.hour + today.minute / 60
    const phase = hours >= 5 && hours <= 15 ? (hours - 5) / 10 : hours > 15 ? 1 - (hours - 15) / 14 : 1 - (hours + 9) / 14
    const current = round1(minTemperature + (maxTemperature - minTemperature) * (1 - Math.cos(Math.PI * phase)) / 2)
    result['localtime'] = `${dateText} ${String(today.hour).padStart(2, '0')}:${String(today.minute).padStart(2, '0')}`
    result['current_temperature'] = current
    result['perceived_temperature'] = round1(perceivedTemperature(current, windSpeed, humidity))
    result['cloud'] = pattern.cloud
    result['pressure'] = 1016 - Math.round(pattern.rainShift / 4)
  }
  return result
}
