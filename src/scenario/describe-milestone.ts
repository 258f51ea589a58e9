import type { Constraint, Milestone, Similarity, ToolCallTarget } from './milestone.ts'

/*
 * Milestones and minefields in words, for reports: a name for every one (the author's, else one
 * made from what it checks) and the target it expects, so that a missed milestone can say what
 * was wanted beside the message that came closest. Values are written whole: a key or a text cut
 * in the middle reads as a different value.
 */

/** The milestone's name: the author's, else what its first check is about (`settings updated`, `send_message called`). Never empty. */
export function milestoneName(milestone: Pick<Milestone, 'name' | 'constraints'>): string {
  const own = milestone.name?.trim()
  if (own !== undefined && own !== '') return own
  const [first] = milestone.constraints
  if (first === undefined) return 'no constraints'
  const more = milestone.constraints.length > 1 ? ` (+${milestone.constraints.length - 1} more)` : ''
  return `${constraintName(first)}${more}`
}

/**
 * What the milestone expects, every constraint in words, joined by `; and `:
 * `settings: a row updated to wifi = true; and set_wifi_status called with on = true`.
 */
export function milestoneTarget(milestone: Pick<Milestone, 'constraints'>): string {
  return milestone.constraints.map(constraintTarget).join('; and ')
}

function constraintName(constraint: Constraint): string {
  switch (constraint.kind) {
    case 'table': {
      // A short target names itself (`settings: wifi = false`); a long one only by its table.
      const [row, ...others] = constraint.rows
      const values = row === undefined || others.length > 0 ? undefined : rowValues(row, constraint.columns).join(', ')
      return values !== undefined && values !== '' && values.length <= 48 ? `${constraint.table}: ${values}` : `${constraint.table} as expected`
    }
    case 'added':
    case 'removed':
    case 'updated':
      return `${constraint.table} ${constraint.rows.length === 1 ? 'row' : 'rows'} ${constraint.kind}`
    case 'tool-call':
      return `${toolNames(constraint.anyOf)} called`
    case 'request':
      return `${toolNames(constraint.anyOf)} requested`
    case 'message':
      return `${constraint.from} tells ${constraint.to}`
  }
}

function constraintTarget(constraint: Constraint): string {
  switch (constraint.kind) {
    case 'table': {
      const rows = constraint.rows.map((row) => rowText(row, constraint.columns))
      return `${constraint.table} holds exactly ${rows.length === 1 ? 'the row' : `${rows.length} rows:`} ${rows.join(', ') || '(none)'}`
    }
    case 'added':
    case 'removed':
    case 'updated': {
      const since = constraint.reference === undefined ? '' : constraint.reference === 'start' ? ' since the start' : ` since milestone ${constraint.reference}`
      const verb = constraint.kind === 'updated' ? 'updated to' : constraint.kind
      const rows = constraint.rows.map((row) => rowText(row, constraint.columns)).join(', ')
      return `${constraint.table}: ${constraint.rows.length === 1 ? 'a row' : `${constraint.rows.length} rows`} ${verb} ${rows}${since}`
    }
    case 'tool-call':
      return `${callsText(constraint.anyOf)} ${constraint.on === 'requested' ? 'requested' : 'called successfully'}`
    case 'request':
      return `the agent asks for ${callsText(constraint.anyOf)}`
    case 'message': {
      const texts = typeof constraint.content === 'string' ? [constraint.content] : constraint.content
      const similar = constraint.similarity === 'rouge-l' ? '' : ` (${similarityText(constraint.similarity)})`
      return `${constraint.from} tells ${constraint.to} ${texts.map((text) => JSON.stringify(text)).join(' or ')}${similar}`
    }
  }
}

function toolNames(calls: readonly ToolCallTarget[]): string {
  return [...new Set(calls.map((call) => call.tool))].join(' or ')
}

function callsText(calls: readonly ToolCallTarget[]): string {
  return calls
    .map((call) => {
      const values = Object.entries(call.arguments).map(([name, value]) => `${name} ${comparison(call.compare?.[name])} ${valueText(value)}`)
      return values.length === 0 ? call.tool : `${call.tool} with ${values.join(', ')}`
    })
    .join(' or ')
}

function rowText(row: Readonly<Record<string, unknown>>, columns: Readonly<Record<string, Similarity>> | undefined): string {
  const values = rowValues(row, columns)
  return values.length === 0 ? '{}' : `{ ${values.join(', ')} }`
}

function rowValues(row: Readonly<Record<string, unknown>>, columns: Readonly<Record<string, Similarity>> | undefined): string[] {
  return Object.entries(row).map(([column, value]) => `${column} ${comparison(columns?.[column])} ${valueText(value)}`)
}

// `=` for an exact check, `≈` with the similarity named for the others.
function comparison(similarity: Similarity | undefined): string {
  return similarity === undefined || similarity === 'exact' ? '=' : `≈(${similarityText(similarity)})`
}

function similarityText(similarity: Similarity): string {
  return typeof similarity === 'string' ? similarity : `within ${similarity.close === Number.POSITIVE_INFINITY ? 'infinity' : similarity.close}`
}

// A `{ "$fill": "name" }` placeholder reads as `{name}`: the value comes from an earlier result.
function valueText(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Record<string, unknown>).$fill === 'string') return `{${(value as Record<string, string>).$fill}}`
  return JSON.stringify(value) ?? 'null'
}
