import { resolve } from 'node:path'
import { builtInScenarios } from '../../scenarios/index.ts'
import type { EvalVariants } from '../../scenarios/eval/eval-settings.ts'
import type { Scenario } from '../scenario/index.ts'
import { CATEGORIES } from '../scenario/index.ts'
import { EXIT_CODES } from './exit-codes.ts'
import type { CommandIo } from './io.ts'
import { parseCommandArguments } from './parse-command-arguments.ts'
import { UsageError } from './usage-error.ts'

/** The values of `--variants`, as `toolcheck eval` takes them. */
const VARIANT_SETS: readonly EvalVariants[] = ['plain', 'all', 'robustness', 'faults', 'injections', 'user', 'world']

/** The usage text of `toolcheck scenarios`. */
export const SCENARIOS_USAGE = `usage: toolcheck scenarios [--json] [--category <category>]
       toolcheck scenarios [--scenarios <path>] [--domain <module>] [--variants <set>] [--json]

Lists the built-in scenarios with their categories, and how many there are in each category.
With --scenarios or --variants, lists every case instead (a scenario under one variant, as
toolcheck eval plays them) with the tools the agent is shown, in the order shown: the name it is
shown and the real tool behind it.

options:
  --category <category>   only the scenarios of this category:
                          ${CATEGORIES.slice(0, 4).join(', ')},
                          ${CATEGORIES.slice(4).join(', ')}
  --scenarios <path>      your scenarios instead of the built-in corpus: a folder of *.json
                          scenario files, one JSON file, or a module exporting scenarios; repeat
                          for several
  --domain <module>       a module exporting the domain(s) those scenarios name (defineDomain);
                          repeat for several; the built-in device domain is always known
  --variants <set>        the variants of each case, as toolcheck eval takes them: plain, all
                          (ToolSandbox's eight; the default), robustness, faults, injections, user,
                          world
  --json                  the listing as JSON: count, counts by category, and per scenario its id,
                          categories, allowed and denied tools, milestones, minefields,
                          paraphrases and turn limit; for cases, { cases: [{ scenario,
                          augmentation, tools: [{ name, tool }] }] }

exit code: 0 when listed; 1 when the scenarios could not be loaded or a variant does not fit one;
2 for bad options.
`

/** `toolcheck scenarios`: the built-in scenarios with their categories, or every case with its tools (see `SCENARIOS_USAGE`). */
export async function runScenariosCommand(args: readonly string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandArguments(args, {
    json: { type: 'boolean', default: false },
    category: { type: 'string' },
    scenarios: { type: 'string', multiple: true },
    domain: { type: 'string', multiple: true },
    variants: { type: 'string' },
  })
  if (values.category !== undefined && !(CATEGORIES as readonly string[]).includes(values.category))
    throw new UsageError(`--category takes one of ${CATEGORIES.join(', ')}, not ${JSON.stringify(values.category)}`)
  if (values.variants !== undefined && !(VARIANT_SETS as readonly string[]).includes(values.variants))
    throw new UsageError(`--variants takes ${VARIANT_SETS.join(', ')}, not ${JSON.stringify(values.variants)}`)
  if (values.domain !== undefined && values.scenarios === undefined) throw new UsageError('--domain needs --scenarios: the built-in scenarios play in the built-in domain')
  if (values.scenarios !== undefined || values.variants !== undefined) {
    const paths = (given: readonly string[] | undefined) => given?.map((path) => resolve(path))
    return listCasesCommand(paths(values.scenarios), paths(values.domain), (values.variants as EvalVariants | undefined) ?? 'all', values.category, values.json, io)
  }
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

/** Lists every case of the scenarios under a variant set; 1 with every problem when they cannot be loaded or shown. */
async function listCasesCommand(
  scenarioPaths: readonly string[] | undefined,
  domainModules: readonly string[] | undefined,
  variants: EvalVariants,
  category: string | undefined,
  json: boolean,
  io: CommandIo,
): Promise<number> {
  // Loaded only here: they import vite for the user's modules, which the plain listing never needs.
  const { loadEvalScenarios } = await import('../../scenarios/eval/load-eval-scenarios.ts')
  const { closeUserModules } = await import('../../scenarios/eval/import-user-module.ts')
  const { listCases } = await import('../../scenarios/eval/list-cases.ts')
  try {
    const loaded = await loadEvalScenarios({ ...(scenarioPaths === undefined ? {} : { scenarioPaths }), ...(domainModules === undefined ? {} : { domainModules }) })
    const scenarios: Scenario[] = category === undefined ? loaded.scenarios : loaded.scenarios.filter((scenario) => scenario.categories.includes(category))
    const cases = await listCases(scenarios, variants, loaded.domains)
    if (json) io.stdout(`${JSON.stringify({ cases }, null, 2)}\n`)
    else {
      for (const item of cases) io.stdout(`${item.scenario} <${item.augmentation}>: ${item.tools.map((tool) => (tool.name === tool.tool ? tool.name : `${tool.name} (${tool.tool})`)).join(', ')}\n`)
      io.stdout(`\n${cases.length} cases of ${scenarios.length} scenarios\n`)
    }
    return EXIT_CODES.ok
  } catch (error) {
    io.stderr(`toolcheck scenarios: ${(error as Error).message}\n`)
    return EXIT_CODES.harness
  } finally {
    await closeUserModules()
  }
}
