import type { JsonObject, JsonValue, Row, WorldDraft } from '../../../src/world/index.ts'
import { KEY_COLUMN, SCOPE_COLUMN, scopesTable } from './databases.ts'

/**
 * ToolTalk's nested dictionaries, read and written through a world draft. The methods keep
 * Python's dictionary semantics that the tools rely on: insertion order, assignment to an existing
 * key keeps its place, deletion then re-insertion moves a key to the end, and an outer key
 * (a user) can exist with nothing under it.
 */
export class ToolTalkStore {
  readonly draft: WorldDraft

  constructor(draft: WorldDraft) {
    this.draft = draft
  }

  /** All accounts, in order, as stored (with their reserved key column). */
  accounts(): readonly Row[] {
    return this.draft.rows('Account')
  }

  /** The account stored under `username`. */
  account(username: string): Row | undefined {
    return this.accounts().find((row) => row[KEY_COLUMN] === username)
  }

  /** Adds or replaces the account under `username`. */
  putAccount(username: string, row: JsonObject): void {
    if (this.account(username) === undefined) this.draft.insert('Account', { ...row, [KEY_COLUMN]: username })
    else this.draft.update('Account', (stored) => stored[KEY_COLUMN] === username, { ...row, [KEY_COLUMN]: username })
  }

  /** Changes some fields of the account under `username`. */
  patchAccount(username: string, patch: JsonObject): void {
    this.draft.update('Account', (row) => row[KEY_COLUMN] === username, patch)
  }

  /** Removes the account under `username`. */
  deleteAccount(username: string): void {
    this.draft.remove('Account', (row) => row[KEY_COLUMN] === username)
  }

  /** Whether `scope` (a user, a location) is an outer key of `database`. */
  hasScope(database: string, scope: string): boolean {
    return this.draft.rows(scopesTable(database)).some((row) => row[SCOPE_COLUMN] === scope)
  }

  /** Makes `scope` an outer key of `database` when it is not one yet. */
  ensureScope(database: string, scope: string): void {
    if (!this.hasScope(database, scope)) this.draft.insert(scopesTable(database), { [SCOPE_COLUMN]: scope })
  }

  /** The rows under `scope`, in order. */
  entries(database: string, scope: string): readonly Row[] {
    return this.draft.rows(database).filter((row) => row[SCOPE_COLUMN] === scope)
  }

  /** The row under `scope` and `key`. */
  entry(database: string, scope: string, key: string): Row | undefined {
    return this.draft.rows(database).find((row) => row[SCOPE_COLUMN] === scope && row[KEY_COLUMN] === key)
  }

  /** Stores `row` under `scope` and `key`: in place when the key exists, else at the end. */
  putEntry(database: string, scope: string, key: string, row: JsonObject): void {
    const stored = { ...row, [SCOPE_COLUMN]: scope, [KEY_COLUMN]: key }
    if (this.entry(database, scope, key) === undefined) this.draft.insert(database, stored)
    else this.draft.update(database, (candidate) => candidate[SCOPE_COLUMN] === scope && candidate[KEY_COLUMN] === key, stored)
  }

  /** Changes some fields of the row under `scope` and `key`. */
  patchEntry(database: string, scope: string, key: string, patch: JsonObject): void {
    this.draft.update(database, (row) => row[SCOPE_COLUMN] === scope && row[KEY_COLUMN] === key, patch)
  }

  /** Removes the row under `scope` and `key`. */
  deleteEntry(database: string, scope: string, key: string): void {
    this.draft.remove(database, (row) => row[SCOPE_COLUMN] === scope && row[KEY_COLUMN] === key)
  }
}

/** A stored row as ToolTalk's tools return it: without the reserved key columns. */
export function plainRow(row: Row): JsonObject {
  const plain: JsonObject = {}
  for (const [column, value] of Object.entries(row)) if (column !== SCOPE_COLUMN && column !== KEY_COLUMN) plain[column] = value as JsonValue
  return plain
}
