import type { JsonValue } from '../../../src/world/index.ts'
import type { FillConversion, MilestoneInput, Similarity } from '../../../src/scenario/index.ts'
import type { ExtractedConstraint, ExtractedMilestone } from './extracted-scenario.ts'

/** ToolSandbox's database namespaces and the device domain's tables that hold the same rows. */
export const TABLE_OF_NAMESPACE: Readonly<Record<string, string>> = Object.freeze({
  SETTING: 'settings',
  CONTACT: 'contacts',
  MESSAGING: 'messages',
  REMINDER: 'reminders',
})

/** The columns ToolSandbox compares by ROUGE-L unless a scenario says otherwise; the rest exactly. */
const ROUGE_COLUMNS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  CONTACT: ['relationship'],
  MESSAGING: ['content'],
  REMINDER: ['content'],
})

/**
 * ToolSandbox's ten tool-trace extractors as toolcheck fills: which values they read from the
 * trace (paths into `{ result, arguments }`) and how Python converts them (`float(...)`,
 * `int(...)`, or `default_value_normalization`'s texts with 0 to 3 decimals).
 */
export const EXTRACTOR_FILLS: Readonly<Record<string, { readonly values: Readonly<Record<string, string>>; readonly convert?: Readonly<Record<string, FillConversion>> }>> = Object.freeze({
  search_weather_around_lat_lon_temperature_extractor: { values: { temperature: 'result.current_temperature' }, convert: { temperature: 'decimals' } },
  result_to_timestamp0_extractor: { values: { timestamp_0: 'result' }, convert: { timestamp_0: 'float' } },
  result_to_timestamp1_extractor: { values: { timestamp_1: 'result' }, convert: { timestamp_1: 'float' } },
  days_extractor: { values: { days: 'result.days' }, convert: { days: 'int' } },
  lat_lon_dict_extractor: { values: { latitude: 'result.latitude', longitude: 'result.longitude' } },
  current_temperature_extractor: { values: { amount: 'result.current_temperature' }, convert: { amount: 'float' } },
  result_to_temperature_extractor: { values: { temperature: 'result' }, convert: { temperature: 'decimals' } },
  result_to_reminder_timestamp_lowerbound_extractor: { values: { reminder_timestamp_lowerbound: 'result' }, convert: { reminder_timestamp_lowerbound: 'float' } },
  min_temperature_amount_extractor: { values: { amount: 'result.min_temperature' }, convert: { amount: 'float' } },
  min_temperature_extractor: { values: { min_temperature: 'result' }, convert: { min_temperature: 'decimals' } },
})

/** A constraint that has no toolcheck construct (a new similarity, an unknown extractor). */
export class UnconvertibleConstraintError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnconvertibleConstraintError'
  }
}

type ConstraintInput = MilestoneInput['constraints'][number]

/** A ToolSandbox tolerance (`atol`) as a toolcheck similarity; `"Infinity"` is JSON's infinity. */
function tolerance(atol: number | string): Similarity {
  if (atol === 'Infinity') return { close: 'infinity' }
  if (typeof atol !== 'number' || atol < 0) throw new UnconvertibleConstraintError(`a tolerance of ${JSON.stringify(atol)}`)
  return { close: atol }
}

/** A column similarity of ToolSandbox's as toolcheck's. */
function columnSimilarity(column: string, given: ExtractedConstraint['columns'][string]): Similarity {
  switch (given.similarity) {
    case 'column_exact_match_similarity':
      return 'exact'
    case 'column_contains_similarity':
      return 'contains'
    case 'column_rouge_l_similarity':
      return 'rouge-l'
    case 'column_one_similarity':
      return 'any'
    case 'column_close_similarity': {
      const atol = given.atol?.[column]
      if (atol === undefined) throw new UnconvertibleConstraintError(`column ${column} is compared within a tolerance it does not give`)
      return tolerance(atol)
    }
    default:
      throw new UnconvertibleConstraintError(`column ${column} uses ${given.similarity}, which toolcheck has no counterpart of`)
  }
}

/** The per-column similarities of a table constraint: ToolSandbox's defaults, then the author's. */
function tableColumns(constraint: ExtractedConstraint, columns: readonly string[]): Record<string, Similarity> | undefined {
  const result: Record<string, Similarity> = {}
  for (const column of columns) {
    const given = constraint.columns[column]
    if (given !== undefined) result[column] = columnSimilarity(column, given)
    else if ((ROUGE_COLUMNS[constraint.namespace] ?? []).includes(column)) result[column] = 'rouge-l'
  }
  return Object.keys(result).length === 0 ? undefined : result
}

interface GoldenTrace {
  readonly tool_name: string
  readonly arguments?: Record<string, JsonValue>
}

/** The golden traces of a `tool_trace` target: one JSON trace, or a JSON list of alternatives. */
function goldenTraces(text: JsonValue | undefined): GoldenTrace[] {
  if (typeof text !== 'string') throw new UnconvertibleConstraintError('a tool_trace target that is not JSON text')
  const parsed = JSON.parse(text) as GoldenTrace | GoldenTrace[]
  const traces = Array.isArray(parsed) ? parsed : [parsed]
  if (traces.length === 0 || traces.some((trace) => typeof trace.tool_name !== 'string')) throw new UnconvertibleConstraintError('a tool_trace target without a tool name')
  return traces
}

function fillOf(constraint: ExtractedConstraint): { milestone: number; values: Record<string, string>; convert?: Record<string, FillConversion> } {
  const extractor = constraint.options['extractor']
  if (typeof extractor !== 'string' || !Object.hasOwn(EXTRACTOR_FILLS, extractor)) throw new UnconvertibleConstraintError(`the extractor ${JSON.stringify(extractor)}, which toolcheck does not know`)
  if (constraint.reference === null || constraint.reference < 0) throw new UnconvertibleConstraintError('a fill from no earlier milestone')
  const known = EXTRACTOR_FILLS[extractor] as (typeof EXTRACTOR_FILLS)[string]
  return { milestone: constraint.reference, values: { ...known.values }, ...(known.convert === undefined ? {} : { convert: { ...known.convert } }) }
}

/** A `tool_trace` target (with its fill, when values come from an earlier result) as a tool-call or request constraint. */
function toolCallConstraint(constraint: ExtractedConstraint, trace: JsonValue | undefined, dependant: boolean): ConstraintInput {
  const atol = constraint.columns['tool_trace']?.atol ?? {}
  const fill = dependant ? fillOf(constraint) : undefined
  const anyOf = goldenTraces(trace).flatMap((golden) => {
    const compare: Record<string, Similarity> = {}
    for (const [name, value] of Object.entries(atol)) compare[name] = tolerance(value)
    const given = golden.arguments ?? {}
    const target = (args: Record<string, JsonValue>) => ({ tool: golden.tool_name, arguments: args, ...(Object.keys(compare).length === 0 ? {} : { compare }) })
    if (fill === undefined) return [target(given)]
    // ToolSandbox fills a golden trace twice: extracted values over its arguments, and its own
    // arguments over the extracted values; both count as alternatives.
    const filled: Record<string, JsonValue> = { ...given }
    for (const name of Object.keys(fill.values)) filled[name] = { $fill: name }
    const alternatives = [target(filled)]
    if (Object.keys(fill.values).some((name) => Object.hasOwn(given, name))) alternatives.push(target(given))
    return alternatives
  })
  return { kind: 'tool-call', anyOf, ...(fill === undefined ? {} : { fill }) }
}

/** One constraint of ToolSandbox's as toolcheck's; guardrails are toolcheck's own, so they never come here. */
export function convertConstraint(constraint: ExtractedConstraint, known: { readonly tools: ReadonlySet<string> }): ConstraintInput {
  const target = constraint.target
  if (constraint.namespace === 'SANDBOX') {
    const row = target?.rows[0]
    if (target === null || row === undefined || target.rows.length !== 1) throw new UnconvertibleConstraintError('a conversation target that is not one message')
    const dependant = constraint.similarity === 'tool_trace_dependant_similarity'
    if (!dependant && constraint.similarity !== 'snapshot_similarity') throw new UnconvertibleConstraintError(`${constraint.similarity} on the conversation`)
    const route = `${String(row['sender'])}>${String(row['recipient'])}`
    if (route === 'EXECUTION_ENVIRONMENT>AGENT' && 'tool_trace' in row) return toolCallConstraint(constraint, row['tool_trace'], dependant)
    if (route === 'AGENT>USER' && typeof row['content'] === 'string') {
      const similarity = constraint.columns['content'] === undefined ? 'rouge-l' : columnSimilarity('content', constraint.columns['content'])
      return { kind: 'message', from: 'agent', to: 'user', content: row['content'], similarity, ...(dependant ? { fill: fillOf(constraint) } : {}) }
    }
    // "The agent's call names the tool": ToolSandbox's request row holds Python code that names it.
    if (route === 'AGENT>EXECUTION_ENVIRONMENT' && typeof row['content'] === 'string' && known.tools.has(row['content']) && constraint.columns['content']?.similarity === 'column_contains_similarity')
      return { kind: 'request', anyOf: [{ tool: row['content'] }] }
    throw new UnconvertibleConstraintError(`a ${route.replace('>', ' to ')} message with ${Object.keys(row).join(', ')}`)
  }
  const table = TABLE_OF_NAMESPACE[constraint.namespace]
  if (table === undefined) throw new UnconvertibleConstraintError(`the namespace ${constraint.namespace}`)
  if (target === null) throw new UnconvertibleConstraintError(`${constraint.similarity} on ${table} without a target`)
  const columns = tableColumns(constraint, target.columns)
  const rows = target.rows as Record<string, JsonValue>[]
  const withColumns = columns === undefined ? {} : { columns }
  switch (constraint.similarity) {
    case 'snapshot_similarity':
      return { kind: 'table', table, rows, ...withColumns }
    case 'addition_similarity':
    case 'removal_similarity':
    case 'update_similarity': {
      const kind = constraint.similarity === 'addition_similarity' ? 'added' : constraint.similarity === 'removal_similarity' ? 'removed' : 'updated'
      const reference = constraint.reference === null ? {} : { reference: constraint.reference < 0 ? ('start' as const) : constraint.reference }
      return { kind, table, rows, ...reference, ...withColumns }
    }
    default:
      throw new UnconvertibleConstraintError(`${constraint.similarity} on ${table}`)
  }
}

const GUARDED = Object.keys(TABLE_OF_NAMESPACE)

/** A milestone (or minefield) of ToolSandbox's as toolcheck's, with its guardrail exclusions as table names. */
export function convertMilestone(milestone: ExtractedMilestone, known: { readonly tools: ReadonlySet<string> }): MilestoneInput {
  const constraints = milestone.constraints.map((constraint) => convertConstraint(constraint, known))
  // ToolSandbox guards the namespaces of `guardrails` (all by default) minus its exclusions.
  const guarded = new Set((milestone.guardrails ?? GUARDED).filter((namespace) => !(milestone.guardrailExclusions ?? []).includes(namespace)))
  const exclude = GUARDED.filter((namespace) => !guarded.has(namespace)).map((namespace) => TABLE_OF_NAMESPACE[namespace] as string)
  return { constraints, ...(exclude.length === 0 ? {} : { guardrails: { exclude } }) }
}
