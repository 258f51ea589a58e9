import { builtInScenarios } from '../../scenarios/index.ts'
import { CATEGORIES } from '../scenario/index.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The usage text of `toolcheck scenarios`. */
export const SCENARIOS_USAGE = `usage: toolcheck scenarios [--json] [--category <category>]

Lists the built-in scenarios with their categories, and how many there are in each category.

options:
  --category <category>   only the scenarios of this category:
                          ${CATEGORIES.slice(0, 4).join(', ')},
                          ${CATEGORIES.slice(4).join(', ')}
  --json                  the listing as JSON: count, counts by category, and per scenario its id,
                          categories, allowed and denied tools, milestones, minefields,
                          paraphrases and turn limit
`

/** `toolcheck scenarios [--json] [--category C]`: the built-in scenarios with their categories. */
export function runScenariosCommand(args: readonly string[], io: CommandIo): number {
  const { values } = parseCommandArguments(args, { json: { type: 'boolean', default: false }, category: { type: 'string' } })
  if (values.category !== undefined && !(CATEGORIES as readonly string[]).includes(values.category))
    throw new UsageError(`--category takes one of ${CATEGORIES.join(', ')}, not ${JSON.stringify(values.category)}`)
  const all = builtInScenarios()
  const scenarios = values.category === undefined ? all : all.filter((scenario) => scenario.categories.some((category) => category === values.category))
  const byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, scenarios.filter((scenario) => scenario.categories.includes(category)).length]))
  if (values.json) {
    const listed = scenarios.map((scenario) => ({
      id: scenario.id,
      categories: scenario.categories,
      tools: scenario.tools.allow.filter((tool) => !scenario.tools.deny.includes(tool)),
      deniedTools: scenario.tools.deny,
      milestones: scenario.milestones.length,
      minefields: scenario.minefields.length,
      paraphrases: scenario.paraphrases.length,
      maxTurns: scenario.maxTurns,
    }))
    io.stdout(`${JSON.stringify({ count: listed.length, byCategory, scenarios: listed }, null, 2)}\n`)
    return 0
  }
  const width = Math.max(0, ...scenarios.map((scenario) => scenario.id.length))
  for (const scenario of scenarios) io.stdout(`${scenario.id.padEnd(width)}  ${scenario.categories.join(', ')}\n`)
  io.stdout(`\n${scenarios.length} scenarios\n`)
  for (const [category, count] of Object.entries(byCategory)) io.stdout(`  ${category.padEnd(26)} ${count}\n`)
  return 0
}
