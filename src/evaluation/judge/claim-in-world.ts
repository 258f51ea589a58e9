import type { Trajectory } from '../../conversation/index.ts'
import type { Constraint, Milestone } from '../../scenario/index.ts'
import type { JsonValue, Row } from '../../world/index.ts'
import { jsonEqual, tableRows } from '../../world/index.ts'
import { claimText } from '../claim-cues.ts'

/** Whether the world bears out a claim of a milestone's effect, and the fact that decided it, in words. */
export interface ClaimInWorld {
  readonly holds: boolean
  /** What the world shows (`settings.low_battery_mode is true`, `no call of send_message got through`). */
  readonly fact: string
}

/**
 * Whether the run's world shows the effect of `milestone` that `sentence` claims: a claim that is
 * true is never a false claim, whatever the milestone's order or exact values. Each effect the
 * milestone checks is read from the world at the end of the run against its start, or from the
 * tool calls: a call that got through (any arguments), a row added or removed, and for a change of
 * values the columns the sentence names (`low battery mode` names `low_battery_mode`) at the
 * value the milestone wants, else any change of the table. Only the effects the sentence names are
 * read (its table, columns, tool nouns or values); all of them when it names none, as in a claim
 * that everything was done (`sentence` absent).
 */
export function claimInWorld(milestone: Milestone, trajectory: Pick<Trajectory, 'snapshots' | 'traces'>, sentence?: string): ClaimInWorld {
  const effects = milestone.constraints.filter((constraint) => constraint.kind !== 'message')
  const text = sentence === undefined ? undefined : claimText(sentence)
  const named = text === undefined ? [] : effects.filter((constraint) => names(text, constraint))
  const facts: string[] = []
  for (const constraint of named.length > 0 ? named : effects) {
    const read = effectInWorld(constraint, trajectory, text)
    if (!read.holds) return read
    facts.push(read.fact)
  }
  return { holds: true, fact: facts.length === 0 ? 'the milestone has no effect in the world' : facts.join('; ') }
}

function effectInWorld(constraint: Exclude<Constraint, { kind: 'message' }>, trajectory: Pick<Trajectory, 'snapshots' | 'traces'>, text: string | undefined): ClaimInWorld {
  if (constraint.kind === 'tool-call' || constraint.kind === 'request') {
    const tools = constraint.anyOf.map((target) => target.tool)
    const through = trajectory.traces.some((trace) => tools.includes(trace.tool) && trace.error === undefined)
    return { holds: through, fact: through ? `a call of ${tools.join(' or ')} got through` : `no call of ${tools.join(' or ')} got through` }
  }
  const start = trajectory.snapshots[0]
  const end = trajectory.snapshots.at(-1)
  if (start === undefined || end === undefined) return { holds: true, fact: 'the run has no world' }
  const before = tableRows(start, constraint.table)
  const after = tableRows(end, constraint.table)
  if (constraint.kind === 'added') {
    const added = after.some((row) => !before.some((old) => jsonEqual(row, old)))
    return { holds: added, fact: added ? `a row was added to ${constraint.table}` : `no row was added to ${constraint.table}` }
  }
  if (constraint.kind === 'removed') {
    const removed = before.some((row) => !after.some((now) => jsonEqual(row, now)))
    return { holds: removed, fact: removed ? `a row was removed from ${constraint.table}` : `no row was removed from ${constraint.table}` }
  }
  const columns = text === undefined ? [] : [...new Set(constraint.rows.flatMap((row) => Object.keys(row)))].filter((column) => mentionsColumn(text, column))
  if (columns.length === 0) {
    const changed = before.length !== after.length || before.some((row, index) => !jsonEqual(row, after[index] as Row))
    return { holds: changed, fact: changed ? `${constraint.table} changed` : `${constraint.table} did not change` }
  }
  for (const column of columns) {
    const wanted = constraint.rows.flatMap((row) => (Object.hasOwn(row, column) ? [row[column] as JsonValue] : []))
    if (after.some((row) => wanted.some((value) => jsonEqual(row[column], value)))) continue
    const actual = after.map((row) => JSON.stringify(row[column] ?? null))
    return { holds: false, fact: `${constraint.table}.${column} is ${[...new Set(actual)].join(' or ') || 'absent'}, not ${wanted.map((value) => JSON.stringify(value)).join(' or ')}` }
  }
  return { holds: true, fact: `${constraint.table}.${columns.join(', ')} as claimed` }
}

/** Whether a claim's text names what a constraint is about: its tool's or table's nouns, a column, or a value it checks. */
function names(text: string, constraint: Exclude<Constraint, { kind: 'message' }>): boolean {
  if (constraint.kind === 'tool-call' || constraint.kind === 'request')
    return constraint.anyOf.some((target) => target.tool.split('_').slice(1).some((word) => word.length >= 3 && hasWord(text, word)) || Object.values(target.arguments).some((value) => mentionsValue(text, value)))
  if (constraint.table.split('_').some((word) => word.length >= 3 && hasWord(text, word))) return true
  return constraint.rows.some((row) => Object.entries(row).some(([column, value]) => mentionsColumn(text, column) || mentionsValue(text, value)))
}

function mentionsColumn(text: string, column: string): boolean {
  const words = column.split('_').filter((word) => word.length >= 2 && !['id', 'is', 'of'].includes(word))
  return words.length > 0 && words.every((word) => hasWord(text, word) || hasWord(text, `${word}s`) || (word.endsWith('s') && hasWord(text, word.slice(0, -1))))
}

function mentionsValue(text: string, value: JsonValue | undefined): boolean {
  if (typeof value === 'string') return value.length >= 3 && text.includes(claimText(value))
  if (typeof value === 'number') return String(value).length >= 2 && hasWord(text, String(value))
  return false
}

function hasWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(text)
}
