import { existsSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { Scenario, ScenarioInput } from '../../../src/scenario/index.ts'
import { defineScenario } from '../../../src/scenario/index.ts'
import { runScenario } from '../../../src/run/index.ts'
import { evaluate } from '../../../src/evaluation/index.ts'
import { referenceAgent } from '../../../src/roles/reference-agent.ts'
import { deviceDomain } from '../domain/device-domain.ts'
import { convertScenario, IMPORT_CLOCK, IMPORT_NOW } from './convert-scenario.ts'
import { readExtractedScenario } from './extracted-scenario.ts'
import { NoReferenceError, referenceFromMilestones } from './reference-from-milestones.ts'
import { runExtractor, ToolSandboxImportError } from './run-extractor.ts'

/** The five tools ToolSandbox sends to a paid web API; toolcheck's run on bundled offline data. */
const WEB_TOOLS = new Set(['search_lat_lon', 'search_location_around_lat_lon', 'search_weather_around_lat_lon', 'search_stock', 'convert_currency'])

/** What one import did, scenario by scenario. */
export interface ToolSandboxImport {
  /** The folder the scenario files are in. */
  readonly out: string
  /** The scenarios written, by id, with whether a reference solution was written and its caveats. */
  readonly imported: readonly { readonly id: string; readonly reference: boolean; readonly caveats: readonly string[]; readonly noReference?: string }[]
  /** Scenarios that could not be converted, and why. */
  readonly skipped: readonly { readonly id: string; readonly reason: string }[]
  /** Authored milestone and minefield constraints mapped onto toolcheck's. */
  readonly constraints: number
  /** Stand-ins the extractor used for packages the user's Python lacks. */
  readonly standIns: readonly string[]
}

/** How to import. */
export interface ImportOptions {
  /** The folder to write (replaced when it exists). */
  readonly out: string
  readonly python?: string
}

/**
 * Imports ToolSandbox's base scenarios from a checkout: runs its own code with the user's Python
 * (`extract.py`), converts each scenario, writes a reference solution wherever one follows from
 * the milestones and scores 1 when the reference agent plays it (scored as ToolSandbox scores),
 * and marks what cannot be right (an upstream defect, live web facts the offline tools lack).
 * Writes one `<id>.json` per scenario into a folder beside `out` and renames it into place, so
 * `out` is never half written. Throws `ToolSandboxImportError` when nothing could be imported.
 */
export async function importToolSandbox(checkout: string, options: ImportOptions): Promise<ToolSandboxImport> {
  const extraction = await runExtractor(checkout, { ...(options.python === undefined ? {} : { python: options.python }), now: IMPORT_NOW, timeZone: IMPORT_CLOCK.timeZone })
  const domainTools = new Set(deviceDomain.registry.names())
  const written: { scenario: Scenario; file: ScenarioInput }[] = []
  const imported: { id: string; reference: boolean; caveats: string[]; noReference?: string }[] = []
  const skipped: { id: string; reason: string }[] = extraction.failed.map((entry) => ({ id: entry.name, reason: `ToolSandbox's code failed to build it: ${entry.error}` }))
  let constraints = 0
  for (const [position, value] of extraction.scenarios.entries()) {
    const read = readExtractedScenario(value)
    const id = typeof (value as { name?: unknown }).name === 'string' ? (value as { name: string }).name : `scenario ${position}`
    if ('problem' in read) {
      skipped.push({ id, reason: `the extractor's entry does not fit: ${read.problem}` })
      continue
    }
    try {
      const converted = convertScenario(read.scenario, extraction.userInstruction, domainTools)
      const checked = defineScenario({ ...converted.scenario, domain: deviceDomain } as never, id)
      const withReference = await withVerifiedReference(converted.scenario)
      const file = withReference.scenario
      defineScenario({ ...file, domain: deviceDomain } as never, id)
      written.push({ scenario: checked, file })
      constraints += converted.constraints
      imported.push({ id, reference: withReference.reason === undefined, caveats: (file.caveats ?? []).map((caveat) => `${caveat.kind}: ${caveat.reason}`), ...(withReference.reason === undefined ? {} : { noReference: withReference.reason }) })
    } catch (error) {
      skipped.push({ id, reason: error instanceof Error ? error.message : String(error) })
    }
  }
  if (written.length === 0) throw new ToolSandboxImportError(`no scenario of ${checkout} could be imported${skipped[0] === undefined ? '' : ` (first problem: ${skipped[0].id}: ${skipped[0].reason})`}`)
  await writeFolder(options.out, written.map((entry) => entry.file))
  return { out: options.out, imported, skipped, constraints, standIns: extraction.toolsandbox.standIns }
}

/**
 * The scenario with the reference solution its milestones give, kept only when the reference
 * agent then scores 1; otherwise without one, and the reason. A scenario whose reference fails
 * on a web tool's milestone is marked as needing live data.
 */
async function withVerifiedReference(input: ScenarioInput): Promise<{ scenario: ScenarioInput; reason?: string }> {
  let reference
  try {
    reference = referenceFromMilestones(input)
  } catch (error) {
    if (!(error instanceof NoReferenceError)) throw error
    return { scenario: input, reason: error.message }
  }
  const candidate: ScenarioInput = { ...input, reference }
  const scenario = defineScenario({ ...candidate, domain: deviceDomain } as never, input.id)
  const trajectory = await runScenario(scenario, { agent: referenceAgent(), domain: deviceDomain, parallelCalls: 'toolsandbox' })
  const result = await evaluate(trajectory, scenario, { scoring: 'toolsandbox', extractors: deviceDomain.extractors, similarities: deviceDomain.similarities })
  // A web search that finds nothing offline means the milestones were written against a live
  // answer: the reference may still pass (it calls with the milestones' values), an agent cannot.
  const empty = trajectory.traces.find((trace) => WEB_TOOLS.has(trace.tool) && trace.error === undefined && (trace.result === null || (Array.isArray(trace.result) && trace.result.length === 0)))
  const liveData =
    empty === undefined ? [] : [{ kind: 'needs-live-data' as const, reason: `${empty.tool} finds nothing offline for ${JSON.stringify(empty.arguments)}, which ToolSandbox's live service answered` }]
  if (trajectory.status === 'completed' && result.score === 1) return { scenario: liveData.length === 0 ? candidate : { ...candidate, caveats: [...(candidate.caveats ?? []), ...liveData] } }
  const missed = result.milestones.filter((match) => match.similarity < 1).map((match) => `milestone ${match.index}: ${match.reason}`)
  const fired = result.minefields.filter((match) => match.similarity > 0).map((match) => `minefield ${match.index} fired`)
  const failed = trajectory.traces.filter((trace) => trace.error !== undefined).map((trace) => `${trace.tool} failed: ${trace.error?.message}`)
  const first = [...failed, ...missed, ...fired][0] ?? trajectory.status
  const reason = `the reference its milestones give scores ${result.score.toFixed(3)}: ${first.length > 200 ? `${first.slice(0, 200)}...` : first}`
  const usesWeb = (input.tools.allow ?? []).some((tool) => WEB_TOOLS.has(tool))
  const caveats = [...(input.caveats ?? [])]
  if (usesWeb && !caveats.some((caveat) => caveat.kind === 'upstream-defect'))
    caveats.push({ kind: 'needs-live-data', reason: `its milestones expect web results the offline tools do not give (${first.length > 200 ? `${first.slice(0, 200)}...` : first})` })
  return { scenario: caveats.length === 0 ? input : { ...input, caveats }, reason }
}

/** Writes the scenario files into a fresh folder beside `out`, then puts it in `out`'s place. */
async function writeFolder(out: string, scenarios: readonly ScenarioInput[]): Promise<void> {
  const parent = dirname(out)
  await mkdir(parent, { recursive: true })
  const temporary = join(parent, `.${basename(out)}.importing-${process.pid}`)
  await rm(temporary, { recursive: true, force: true })
  await mkdir(temporary)
  try {
    for (const scenario of scenarios) await writeFile(join(temporary, `${scenario.id}.json`), `${JSON.stringify(scenario, null, 2)}\n`)
    if (existsSync(out)) {
      const old = join(parent, `.${basename(out)}.replaced-${process.pid}`)
      await rename(out, old)
      await rename(temporary, out)
      await rm(old, { recursive: true, force: true })
    } else await rename(temporary, out)
  } catch (error) {
    await rm(temporary, { recursive: true, force: true })
    throw error
  }
}
