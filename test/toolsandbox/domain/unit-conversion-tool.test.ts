import { describe, expect, it } from 'vitest'
import { convertUnits, unitConversion } from '../../../scenarios/toolsandbox/domain/unit-conversion-tool.ts'
import { call, callError } from './helpers.ts'

describe('unit_conversion', () => {
  it.each([
    [1, 'mile', 'km', 1.609344],
    [10, 'kilometers', 'miles', 6.21371192237],
    [6, 'feet', 'inches', 72],
    [1, 'kg', 'pounds', 2.20462262185],
    [16, 'oz', 'lb', 1],
    [1, 'gallon', 'liters', 3.785411784],
    [2, 'cups', 'fluid ounces', 16],
    [100, 'celsius', 'fahrenheit', 212],
    [32, 'degF', 'degC', 0],
    [0, 'K', '°C', -273.15],
    [98.6, 'Degrees Fahrenheit', 'kelvin', 310.15],
    [60, 'miles per hour', 'km/h', 96.56064],
    [10, 'knots', 'm/s', 5.14444444444],
    [90, 'minutes', 'hours', 1.5],
    [2, 'weeks', 'days', 14],
    [1, 'acre', 'square meters', 4046.8564224],
    [1, 'hectare', 'acres', 2.47105381467],
    [1, 'GB', 'MB', 1000],
    [1, 'GiB', 'MiB', 1024],
    [100, 'Mb', 'MB', 12.5],
    [1, 'MILE', 'FEET', 5280],
  ])('%s %s is %s %s', (amount, from, to, expected) => {
    expect(convertUnits(amount, from, to)).toBeCloseTo(expected, 9)
  })

  it('works as a tool and names both dimensions when they differ', async () => {
    expect((await call(unitConversion, { amount: 5, from_unit: 'km', to_unit: 'm' })).result).toBe(5000)
    const error = await callError(unitConversion, { amount: 1, from_unit: 'kg', to_unit: 'meter' })
    expect(error.kind).toBe('ValueError')
    expect(error.message).toMatch(/kilogram \(a unit of mass\).*meter \(a unit of length\)/)
    const unknown = await callError(unitConversion, { amount: 1, from_unit: 'smoot', to_unit: 'meter' })
    expect(unknown.message).toMatch(/from_unit "smoot".*length: meter, kilometer/)
  })

  it('an amount whose conversion overflows is a ValueError naming the amount, not a broken result', async () => {
    const error = await callError(unitConversion, { amount: 1e308, from_unit: 'km', to_unit: 'mm' })
    expect(error.kind).toBe('ValueError')
    expect(error.message).toMatch(/amount 1e\+308 .*too large/)
  })
})
