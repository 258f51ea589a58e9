import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { UNITS } from './data/units.ts'
import type { UnitDefinition } from './data/units.ts'

const exactNames = new Map<string, UnitDefinition>()
const lowerCaseNames = new Map<string, UnitDefinition>()
for (const definition of UNITS) {
  for (const name of definition.names) {
    const key = normalizeName(name)
    if (!exactNames.has(key)) exactNames.set(key, definition)
    // The first unit registered under a lower-case spelling wins (bytes before bits).
    if (!lowerCaseNames.has(key.toLowerCase())) lowerCaseNames.set(key.toLowerCase(), definition)
  }
}

function normalizeName(name: string): string {
  return name
    .trim()
    .replace(/[_\s]+/g, ' ')
    .replace(/²/g, '2')
    .replace(/³/g, '3')
    .replace(/ ?\/ ?/g, '/')
}

function singular(word: string): string {
  if (/(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (word.endsWith('s') && word.length > 3 && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/**
 * Finds a unit by name: case-sensitive first, then case-insensitive, then with every word made
 * singular ("miles per hour", "Kilometers"), then without a leading "degree(s)".
 */
export function findUnit(name: string): UnitDefinition | undefined {
  const key = normalizeName(name)
  const lower = key.toLowerCase()
  const singularKey = lower.split(' ').map(singular).join(' ')
  const withoutDegree = singularKey.replace(/^degree /, '')
  return exactNames.get(key) ?? lowerCaseNames.get(lower) ?? lowerCaseNames.get(singularKey) ?? lowerCaseNames.get(withoutDegree)
}

/** Converts an amount between units of one dimension. */
export function convertUnits(amount: number, from: string, to: string): number {
  const source = findUnit(from)
  const target = findUnit(to)
  for (const [argument, name, found] of [['from_unit', from, source], ['to_unit', to, target]] as const) {
    if (found === undefined) {
      const examples = [...new Set(UNITS.map((definition) => definition.dimension))]
        .map((dimension) => `${dimension}: ${UNITS.filter((definition) => definition.dimension === dimension).slice(0, 4).map((definition) => definition.names[0]).join(', ')}`)
        .join('; ')
      throw new ToolError('ValueError', `${argument} "${name}" is not a unit this tool knows. Known units include ${examples}`)
    }
  }
  if (source === undefined || target === undefined) throw new Error('unreachable')
  if (source.dimension !== target.dimension)
    throw new ToolError(
      'ValueError',
      `cannot convert ${source.names[0]} (a unit of ${source.dimension}) to ${target.names[0]} (a unit of ${target.dimension}): they measure different things`,
    )
  const base = amount * source.factor + (source.offset ?? 0)
  const converted = (base - (target.offset ?? 0)) / target.factor
  if (!Number.isFinite(converted))
    throw new ToolError('ValueError', `amount ${amount} ${source.names[0]} is too large to express in ${target.names[0]}; give a smaller amount`)
  // Twelve significant digits hide binary rounding noise such as 2.0000000000000004.
  return Number(converted.toPrecision(12))
}

/** Converts between units of length, mass, volume, temperature, speed, time, area and data. */
export const unitConversion = defineTool({
  name: 'unit_conversion',
  group: 'utilities',
  description:
    'Converts an amount from one unit to another of the same kind: length, mass, volume, temperature, speed, time, area or data size. Units may be written as names or symbols (kilometer, km, miles, °F, mph, GB).',
  args: z.object({
    amount: z.number().describe('the amount to convert, in from_unit'),
    from_unit: z.string().describe('the unit the amount is in, such as mile, kg, degF or liter'),
    to_unit: z.string().describe('the unit to convert to, of the same kind as from_unit'),
  }),
  returns: 'the amount expressed in to_unit (a number)',
  action: false,
  execute: (args) => convertUnits(args.amount, args.from_unit, args.to_unit),
})
