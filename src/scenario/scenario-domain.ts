import type { AnyDomain, TableDefinition } from '../domain/index.ts'
import { buildWorld, builtInExtractors, isDomain, WorldSpecError } from '../domain/index.ts'
import { closestNames } from '../tools/closest-names.ts'
import { clockOf } from './clock-of.ts'
import type { Constraint, Milestone, Similarity } from './milestone.ts'
import { BUILT_IN_SIMILARITIES } from './milestone.ts'
import type { Scenario } from './scenario.ts'
import type { ScenarioIssue } from './scenario-error.ts'
import { ScenarioError } from './scenario-error.ts'

/**
 * A scenario keeps the domain object it was defined or loaded with under this symbol: invisible to
 * JSON and to the schema, but kept by object spread, so `{ ...scenario, maxTurns: 5 }` still knows
 * its domain. (A global symbol, since vitest may load toolcheck twice in one worker.)
 */
const SCENARIO_DOMAIN = Symbol.for('toolcheck.scenarioDomain')

/** Remembers `domain` on `scenario` (which must name it) and returns the scenario. */
export function withDomain<S extends Scenario>(scenario: S, domain: AnyDomain): S {
  if (scenario.domain !== domain.name) throw new Error(`scenario ${scenario.id} names domain ${scenario.domain}, not ${domain.name}`)
  Object.defineProperty(scenario, SCENARIO_DOMAIN, { value: domain, enumerable: true, configurable: true, writable: true })
  return scenario
}

/** The domain object a scenario was defined or loaded with, when it carries one. */
export function attachedDomain(scenario: Scenario): AnyDomain | undefined {
  const domain = (scenario as unknown as Record<symbol, unknown>)[SCENARIO_DOMAIN]
  return isDomain(domain) && domain.name === scenario.domain ? domain : undefined
}

/** Where the domain of a scenario may come from, besides the scenario itself. */
export interface DomainChoice {
  /** Play in this domain, whatever the scenario names (it must fit the domain). */
  readonly domain?: AnyDomain
  /** Domains to look the scenario's `domain` name up in (a JSON file names its domain by name). */
  readonly domains?: readonly AnyDomain[]
}

/**
 * The domains toolcheck knows by name without being given them, loaded on first use: `device`,
 * the built-in phone. (ToolTalk's domain needs its databases, so it is always given:
 * `toolTalkDomain(databases)`.)
 */
const BUILT_IN_DOMAINS: Readonly<Record<string, () => Promise<AnyDomain>>> = {
  device: async () => (await import('../../scenarios/toolsandbox/domain/device-domain.ts')).deviceDomain,
}

/** A scenario names a domain that is neither given nor built in. */
export class UnknownDomainError extends Error {
  readonly domain: string

  constructor(scenario: string, domain: string, known: readonly string[]) {
    super(
      `scenario ${scenario} names domain "${domain}", which is not known here (known: ${known.join(', ')}); ` +
        'give it where the scenario is played or loaded: { domain } or { domains: [...] } to runScenario, playScenario, describeScenarios, sweepScenario or loadScenarioFile, or --domain <module> to toolcheck eval',
    )
    this.name = 'UnknownDomainError'
    this.domain = domain
  }
}

/**
 * The domain a scenario plays in: `choice.domain` when given, else the domain object the scenario
 * carries, else the one named like the scenario's `domain` among `choice.domains`, else a built-in
 * domain of that name. The scenario is checked against it (see `checkScenarioDomain`), once per
 * scenario and domain.
 *
 * @throws UnknownDomainError when the name is found nowhere.
 * @throws ScenarioError listing every way the scenario does not fit the domain.
 */
export async function resolveScenarioDomain(scenario: Scenario, choice: DomainChoice = {}): Promise<AnyDomain> {
  const domain =
    choice.domain ?? attachedDomain(scenario) ?? choice.domains?.find((candidate) => candidate.name === scenario.domain) ?? (await builtInDomain(scenario.domain))
  if (domain === undefined) {
    const known = [...new Set([...(choice.domains ?? []).map((candidate) => candidate.name), ...Object.keys(BUILT_IN_DOMAINS)])]
    throw new UnknownDomainError(scenario.id, scenario.domain, known)
  }
  checkScenarioDomain(scenario, domain)
  return domain
}

/** A built-in domain by name, or undefined. */
export async function builtInDomain(name: string): Promise<AnyDomain | undefined> {
  const load = Object.hasOwn(BUILT_IN_DOMAINS, name) ? BUILT_IN_DOMAINS[name] : undefined
  return load === undefined ? undefined : load()
}

// Which domains each scenario object was found to fit, so a table of tests checks each once.
const fits = new WeakMap<Scenario, WeakSet<AnyDomain>>()

/**
 * Checks that a scenario fits a domain, and throws a `ScenarioError` listing every misfit (with
 * `source` as the scenario's name, its id by default): see `domainIssues`.
 */
export function checkScenarioDomain(scenario: Scenario, domain: AnyDomain, source?: string): void {
  if (fits.get(scenario)?.has(domain) === true) return
  const issues = domainIssues(scenario, domain)
  if (issues.length > 0) throw new ScenarioError(source ?? scenario.id, issues)
  let known = fits.get(scenario)
  if (known === undefined) fits.set(scenario, (known = new WeakSet()))
  known.add(domain)
}

/**
 * Every way a scenario does not fit a domain, with its path in the scenario: allowed, denied and
 * reference tools the domain lacks; milestone and minefield tables it lacks, milestone and
 * minefield tools it lacks (unless the scenario lists them in `tools.outside`), similarity and extractor names neither built in nor the domain's, guardrail tables it
 * lacks; and a starting world that cannot be built (an unknown table or column, a value of the
 * wrong type, a duplicate key, a broken invariant). Names come with the closest ones the domain has.
 */
export function domainIssues(scenario: Scenario, domain: AnyDomain): ScenarioIssue[] {
  const issues: ScenarioIssue[] = []
  const tools = domain.tools.map((tool) => tool.name)
  const tables = Object.keys(domain.tables)
  const unknown = (what: string, name: string, known: readonly string[]) => {
    const close = closestNames(name, known)
    return `${what} ${name} is not in domain ${domain.name}; ${close.length > 0 ? `did you mean ${close.join(', ')}?` : `it has ${known.join(', ') || 'none'}`}`
  }
  for (const key of ['allow', 'deny'] as const)
    for (const [position, tool] of scenario.tools[key].entries())
      if (!tools.includes(tool)) issues.push({ path: ['tools', key, position], message: unknown('the tool', tool, tools) })
  const similarities = [...BUILT_IN_SIMILARITIES, ...Object.keys(domain.similarities)]
  const extractors = [...Object.keys(builtInExtractors), ...Object.keys(domain.extractors)]
  const checkSimilarity = (similarity: Similarity | undefined, path: readonly (string | number)[]) => {
    if (typeof similarity === 'string' && !similarities.includes(similarity)) issues.push({ path: [...path], message: unknown('the similarity', similarity, similarities) })
  }
  const checkList = (list: readonly Milestone[], key: 'milestones' | 'minefields') => {
    for (const [position, milestone] of list.entries()) {
      for (const [index, constraint] of milestone.constraints.entries()) {
        const path = [key, position, 'constraints', index]
        constraintIssues(constraint, path)
      }
      for (const [index, table] of (milestone.guardrails?.exclude ?? []).entries())
        if (!tables.includes(table)) issues.push({ path: [key, position, 'guardrails', 'exclude', index], message: unknown('the table', table, tables) })
    }
  }
  const constraintIssues = (constraint: Constraint, path: readonly (string | number)[]) => {
    if ('table' in constraint) {
      if (!tables.includes(constraint.table)) issues.push({ path: [...path, 'table'], message: unknown('the table', constraint.table, tables) })
      // A misspelt column in a target row would only make the milestone never match, silently.
      else checkColumns(constraint.table, constraint, path)
    }
    if ('columns' in constraint) for (const [column, similarity] of Object.entries(constraint.columns ?? {})) checkSimilarity(similarity, [...path, 'columns', column])
    if (constraint.kind === 'tool-call' || constraint.kind === 'request') {
      for (const [alternative, target] of constraint.anyOf.entries()) {
        if (!tools.includes(target.tool) && !(scenario.tools.outside ?? []).includes(target.tool))
          issues.push({ path: [...path, 'anyOf', alternative, 'tool'], message: `${unknown('the tool', target.tool, tools)} (a tool outside the world goes in tools.outside)` })
        for (const [argument, similarity] of Object.entries(target.compare ?? {})) checkSimilarity(similarity, [...path, 'anyOf', alternative, 'compare', argument])
      }
    }
    if (constraint.kind === 'message') checkSimilarity(constraint.similarity, [...path, 'similarity'])
    if ('fill' in constraint && constraint.fill?.extractor !== undefined && !extractors.includes(constraint.fill.extractor))
      issues.push({ path: [...path, 'fill', 'extractor'], message: unknown('the extractor', constraint.fill.extractor, extractors) })
  }
  const checkColumns = (table: string, constraint: { readonly rows: readonly Readonly<Record<string, unknown>>[]; readonly columns?: Readonly<Record<string, unknown>> | undefined }, path: readonly (string | number)[]) => {
    const known = Object.keys((domain.tables[table] as TableDefinition).row.shape)
    for (const [position, row] of constraint.rows.entries())
      for (const column of Object.keys(row)) if (!known.includes(column)) issues.push({ path: [...path, 'rows', position, column], message: unknownColumn(table, column, known) })
    for (const column of Object.keys(constraint.columns ?? {})) if (!known.includes(column)) issues.push({ path: [...path, 'columns', column], message: unknownColumn(table, column, known) })
  }
  const unknownColumn = (table: string, column: string, known: readonly string[]) => {
    const close = closestNames(column, known)
    return `${table} has no column ${column}; ${close.length > 0 ? `did you mean ${close.join(', ')}?` : `its columns are ${known.join(', ')}`}`
  }
  checkList(scenario.milestones, 'milestones')
  checkList(scenario.minefields, 'minefields')
  try {
    buildWorld(domain, scenario.world, clockOf(scenario))
  } catch (error) {
    if (!(error instanceof WorldSpecError)) throw error
    const section = sectionOf(scenario, error.table)
    issues.push({ path: ['world', ...section], message: error.message })
  }
  return issues
}

/** Where in `world` a table's rows were written, for the path of a world issue. */
function sectionOf(scenario: Scenario, table: string): string[] {
  for (const section of ['replace', 'insert'] as const) if (Object.hasOwn(scenario.world[section] ?? {}, table)) return [section, table]
  return scenario.world.settings !== undefined && table === 'settings' ? ['settings'] : []
}

