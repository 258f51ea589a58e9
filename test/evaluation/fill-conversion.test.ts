import { describe, expect, test } from 'vitest'
import { convertFillValue, pythonFixed, pythonFloat, pythonFloatText, pythonInt } from '../../src/evaluation/index.ts'

// The expected texts were printed by CPython 3.11 (f"{x:.Nf}", repr, int(), float()).
describe('fill conversions read values as Python does', () => {
  test('f"{x:.Nf}" rounds the exact binary value, halves to even', () => {
    expect([0, 1, 2, 3].map((digits) => pythonFixed(12.345, digits))).toEqual(['12', '12.3', '12.35', '12.345'])
    // 0.125 and 2.5 are exact halves: Python gives 0.12 and 2 where toFixed gives 0.13 and 3.
    expect([0, 1, 2, 3].map((digits) => pythonFixed(0.125, digits))).toEqual(['0', '0.1', '0.12', '0.125'])
    expect([0, 1, 2, 3].map((digits) => pythonFixed(2.5, digits))).toEqual(['2', '2.5', '2.50', '2.500'])
    expect([0, 1, 2, 3].map((digits) => pythonFixed(-0.0625, digits))).toEqual(['-0', '-0.1', '-0.06', '-0.062'])
  })

  test('repr(float) and int()/float() of texts', () => {
    expect([3, 1e16, 1e-5, 0.0001, 123456789012345678, -0, 1.5e-7, 21].map(pythonFloatText)).toEqual(['3.0', '1e+16', '1e-05', '0.0001', '1.2345678901234568e+17', '-0.0', '1.5e-07', '21.0'])
    expect([pythonInt(7.9), pythonInt(-7.9), pythonInt(' 42 '), pythonInt('4.2'), pythonInt(true), pythonInt(Number.POSITIVE_INFINITY)]).toEqual([7, -7, 42, undefined, 1, undefined])
    expect([pythonFloat(' -3e2 '), pythonFloat('1_000.5'), pythonFloat('.5'), pythonFloat('abc'), pythonFloat(null)]).toEqual([-300, 1000.5, 0.5, undefined, undefined])
    expect(convertFillValue(12.345, 'decimals')).toEqual(['12', '12.3', '12.35', '12.345'])
    expect(convertFillValue('n/a', 'float')).toEqual([])
  })
})
