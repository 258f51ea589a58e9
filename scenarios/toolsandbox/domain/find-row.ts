import { ToolError } from '../../../src/tools/tool-error.ts'
import type { Row, WorldDraft } from '../../../src/world/index.ts'

/**
 * The one row of `table` whose `key` column equals `id`.
 *
 * @throws ToolError NotFoundError when no row has that id, DuplicateError when several do.
 */
export function findRowById(world: WorldDraft, table: string, key: string, id: string): Row {
  const rows = world.rows(table).filter((row) => row[key] === id)
  if (rows.length === 0) throw new ToolError('NotFoundError', `no entry in ${table} has ${key} "${id}"; search ${table} first to find the right ${key}`)
  if (rows.length > 1) throw new ToolError('DuplicateError', `${rows.length} entries in ${table} share ${key} "${id}", so it does not say which one is meant`)
  return rows[0] as Row
}
