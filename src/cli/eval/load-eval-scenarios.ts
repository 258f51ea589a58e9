import { stat } from 'node:fs/promises'
import { extname } from 'node:path'
import type { AnyDomain } from '../../domain/index.ts'
import { isDomain } from '../../domain/index.ts'
import type { Scenario } from '../../scenario/index.ts'
import { loadScenarioDirectory, loadScenarioFile, resolveScenarioDomain } from '../../scenario/index.ts'
import { builtInCategories, builtInScenarios } from '../../../scenarios/toolsandbox/built-in-scenarios.ts'
import { importUserModule } from './import-user-module.ts'

/** What `toolcheck eval` was asked to play, as the suite files read it. */
export interface EvalSources {
  /** Absolute paths of modules whose exports include domains (`defineDomain`). */
  readonly domainModules?: readonly string[]
  /** Absolute paths of scenario folders (their `*.json` files), JSON files, or modules exporting scenarios. */
  readonly scenarioPaths?: readonly string[]
  /**
   * `--filter`: of the built-in corpus, only the scenarios it selects are loaded (and validated);
   * scenarios from `scenarioPaths` are all loaded, and selected afterwards (`selectScenarios`).
   */
  readonly filter?: string
}

/** The scenarios `toolcheck eval` could not load; the message lists every problem. */
export class EvalSourceError extends Error {
  constructor(problems: readonly string[]) {
    super(`the scenarios to evaluate could not be loaded:\n  ${problems.join('\n  ')}`)
    this.name = 'EvalSourceError'
  }
}

/**
 * The scenarios an evaluation plays: the built-in corpus when no scenario paths are given, else
 * the scenarios under those paths, each checked against its domain (the ones the domain modules
 * export, or a built-in one). Modules are imported through vite (`importUserModule`), so they
 * may be TypeScript. Every problem is collected before failing, so one run reports them all.
 * `categories` lists the categories of every scenario there is to choose from, for a filter that
 * selects none.
 */
export async function loadEvalScenarios(sources: EvalSources): Promise<{ scenarios: Scenario[]; domains: AnyDomain[]; categories: () => string[] }> {
  const problems: string[] = []
  const domains: AnyDomain[] = []
  for (const path of sources.domainModules ?? []) {
    const exported = await exportsOf(path, problems)
    const found = exported.filter(isDomain)
    if (exported.length > 0 && found.length === 0) problems.push(`${path}: exports no domain (a value made by defineDomain)`)
    domains.push(...found)
  }
  if ((sources.scenarioPaths ?? []).length === 0) {
    if (problems.length > 0) throw new EvalSourceError(problems)
    return { scenarios: builtInScenarios(sources.filter === undefined ? {} : { matching: sources.filter }), domains, categories: builtInCategories }
  }
  const scenarios: Scenario[] = []
  for (const path of sources.scenarioPaths ?? []) {
    const kind = await stat(path).then(
      (info) => (info.isDirectory() ? 'directory' : 'file'),
      () => 'missing',
    )
    if (kind === 'missing') problems.push(`${path}: no such file or folder`)
    else if (kind === 'directory') {
      const loaded = await loadScenarioDirectory(path, { domains })
      problems.push(...loaded.errors.map((error) => error.message))
      if (loaded.scenarios.length === 0 && loaded.errors.length === 0) problems.push(`${path}: holds no *.json scenario files`)
      scenarios.push(...loaded.scenarios)
    } else if (extname(path) === '.json') {
      await loadScenarioFile(path, { domains }).then(
        (scenario) => scenarios.push(scenario),
        (error: unknown) => problems.push((error as Error).message),
      )
    } else {
      const exported = (await exportsOf(path, problems)).flatMap((value) => (Array.isArray(value) ? value : [value])).filter(isScenario)
      if (exported.length === 0) problems.push(`${path}: exports no scenario (a value made by defineScenario, or a list of them)`)
      for (const scenario of exported) {
        await resolveScenarioDomain(scenario, { domains }).then(
          () => scenarios.push(scenario),
          (error: unknown) => problems.push(`${path}: ${(error as Error).message}`),
        )
      }
    }
  }
  // A module may export a scenario both on its own and in a list: the same object counts once.
  const distinct = [...new Set(scenarios)]
  const seen = new Set<string>()
  for (const scenario of distinct) {
    if (seen.has(scenario.id)) problems.push(`two scenarios have the id ${scenario.id}; ids must be unique`)
    seen.add(scenario.id)
  }
  if (problems.length > 0) throw new EvalSourceError(problems)
  return { scenarios: distinct, domains, categories: () => [...new Set(distinct.flatMap((scenario) => scenario.categories))] }
}

/** The exported values of a module (its default export among them), or none with a problem noted. */
async function exportsOf(path: string, problems: string[]): Promise<unknown[]> {
  try {
    return Object.values(await importUserModule(path))
  } catch (error) {
    problems.push((error as Error).message)
    return []
  }
}

function isScenario(value: unknown): value is Scenario {
  const candidate = value as Partial<Scenario> | null
  return typeof candidate === 'object' && candidate !== null && typeof candidate.id === 'string' && Array.isArray(candidate.reference) && Array.isArray(candidate.categories) && typeof candidate.domain === 'string'
}
