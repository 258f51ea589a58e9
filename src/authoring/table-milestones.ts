import type { Similarity, TypedMilestoneInput } from '../scenario/index.ts'
import type { JsonValue } from '../world/index.ts'
import type { MilestoneOptions, RowChangeOptions } from './milestone-options.ts'
import { milestoneOf } from './milestone-options.ts'

/** Target rows: only the named columns are compared. */
type TargetRows = readonly Readonly<Record<string, JsonValue>>[]

function rowChange<const Table extends string>(
  kind: 'added' | 'removed' | 'updated',
  table: Table,
  rows: TargetRows,
  columns: Readonly<Record<string, Similarity>> | undefined,
  options: RowChangeOptions<Table>,
): TypedMilestoneInput<Table, never> {
  return milestoneOf<Table, never>(
    { kind, table, rows: rows.map((row) => ({ ...row })), reference: options.since ?? 'start', ...(columns === undefined ? {} : { columns: { ...columns } }) },
    options,
  )
}

/** Rows were added to `table` since the start (or since `options.since`). */
export function rowsAdded<const Table extends string>(table: Table, rows: TargetRows, columns?: Readonly<Record<string, Similarity>>, options: RowChangeOptions<Table> = {}): TypedMilestoneInput<NoInfer<Table>, never> {
  return rowChange('added', table, rows, columns, options)
}

/** Rows were removed from `table` since the start (or since `options.since`). */
export function rowsRemoved<const Table extends string>(table: Table, rows: TargetRows, columns?: Readonly<Record<string, Similarity>>, options: RowChangeOptions<Table> = {}): TypedMilestoneInput<NoInfer<Table>, never> {
  return rowChange('removed', table, rows, columns, options)
}

/** Rows of `table` were changed in place since the start (or since `options.since`); name each by its key. */
export function rowsUpdated<const Table extends string>(table: Table, rows: TargetRows, columns?: Readonly<Record<string, Similarity>>, options: RowChangeOptions<Table> = {}): TypedMilestoneInput<NoInfer<Table>, never> {
  return rowChange('updated', table, rows, columns, options)
}

/** The whole of `table` equals `rows` (only the named columns are compared; rows pair up optimally). */
export function tableIs<const Table extends string>(table: Table, rows: TargetRows, columns?: Readonly<Record<string, Similarity>>, options?: MilestoneOptions<Table>): TypedMilestoneInput<NoInfer<Table>, never> {
  return milestoneOf<Table, never>({ kind: 'table', table, rows: rows.map((row) => ({ ...row })), ...(columns === undefined ? {} : { columns: { ...columns } }) }, options)
}
