import { describe, expect, test } from 'vitest'
import { createWorld, deepFreeze, isDeepFrozen, WorldDraft, WorldWriteError } from '../../src/world/index.ts'
import type { JsonValue } from '../../src/world/index.ts'

const world = () =>
  createWorld(
    { items: [{ item_id: 'i-1', tags: ['kitchen'], size: { width: 2 } }], settings: [{ device_id: 'd', wifi: true }] },
    { items: { key: 'item_id', columns: ['item_id', 'tags', 'size'] }, settings: { key: 'device_id', columns: ['device_id', 'wifi'] } },
  )

describe('worlds share nothing anyone can change', () => {
  test('createWorld freezes rows all the way down, and shares rows frozen so already', () => {
    const first = world()
    const row = first.tables.items?.[0] as { tags: string[]; size: { width: number } }
    expect(Object.isFrozen(row.tags) && Object.isFrozen(row.size) && isDeepFrozen(row)).toBe(true)
    expect(createWorld({ items: [row] }).tables.items?.[0]).toBe(row)
  })

  test('deepFreeze walks with its own stack: a value nested 100,000 deep does not overflow', () => {
    let deep: JsonValue = []
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(isDeepFrozen(deepFreeze(deep))).toBe(true)
  })

  test('what a draft writes is frozen, and the objects the tool built stay its own', () => {
    const draft = new WorldDraft(world())
    const tags = ['new']
    draft.insert('items', { item_id: 'i-2', tags, size: { width: 1 } })
    expect(Object.isFrozen(tags)).toBe(false)
    const stored = draft.commit().tables.items?.[1] as { tags: string[] }
    expect(Object.isFrozen(stored.tags)).toBe(true)
    expect(stored.tags).not.toBe(tags)
  })
})

describe('a guarded draft', () => {
  test('hands out copies of the rows: the same copy on every read until the table is written, and never the world\'s rows', () => {
    const base = world()
    const draft = new WorldDraft(base, { copies: true })
    const rows = draft.rows('items')
    expect(rows).toEqual(base.tables.items)
    expect(rows).not.toBe(base.tables.items)
    expect(rows[0]?.tags).not.toBe(base.tables.items?.[0]?.tags)
    expect(draft.rows('items')).toBe(rows)
    expect(() => structuredClone(rows)).not.toThrow()
    draft.insert('items', { item_id: 'i-2', tags: [], size: { width: 1 } })
    expect(draft.rows('items')).toHaveLength(2)
    expect(draft.rows('items')).not.toBe(rows)
  })

  test('finds any change made in place to a copy, naming the path by the row\'s key, and the world never sees it', () => {
    const changes: [(rows: Record<string, JsonValue>[]) => unknown, string][] = [
      [(rows) => (rows[0]?.tags as string[]).push('x'), 'items[i-1].tags'],
      [(rows) => ((rows[0]?.size as { width: number }).width = 3), 'items[i-1].size.width'],
      [(rows) => delete rows[0]?.size, 'items[i-1]'],
      [(rows) => rows.push({ item_id: 'i-9' }), 'items'],
    ]
    for (const [change, path] of changes) {
      const base = world()
      const draft = new WorldDraft(base, { copies: true })
      change(draft.rows('items') as Record<string, JsonValue>[])
      expect(draft.changedInPlace()).toMatchObject({ kind: 'row-mutated', table: 'items', path })
      expect(draft.commit()).toBe(base)
    }
    const untouched = new WorldDraft(world(), { copies: true })
    untouched.rows('items').map((row) => ({ ...row, tags: ['copied'] }))
    expect(untouched.changedInPlace()).toBeUndefined()
  })

  test('a copy that was read can be written back, and what is stored is frozen and shared where it was', () => {
    const base = world()
    const draft = new WorldDraft(base, { copies: true, tables: base.info })
    const row = draft.rows('items')[0] as Record<string, JsonValue>
    draft.insert('items', { ...row, item_id: 'i-2' })
    const stored = draft.commit().tables.items?.[1] as Record<string, JsonValue>
    expect(stored).toEqual({ item_id: 'i-2', tags: ['kitchen'], size: { width: 2 } })
    expect(Object.isFrozen(stored.tags)).toBe(true)
    expect(draft.changedInPlace()).toBeUndefined()
  })

  test('refuses a table or column the world does not have, and a row without its key', () => {
    const base = world()
    const draft = new WorldDraft(base, { tables: base.info })
    expect(() => draft.insert('vouchrs', { code: 'x' })).toThrow(new WorldWriteError('unknown-table', 'vouchrs', 'vouchrs', 'wrote table vouchrs, which the domain does not define (its tables: items, settings)'))
    expect(() => draft.update('items', () => true, { colour: 'red' })).toThrow('wrote column colour of table items, which has no such column (its columns: item_id, tags, size)')
    expect(() => draft.setSettings({ bluetooth: true })).toThrow('wrote column bluetooth of table settings')
    expect(() => draft.insert('items', { tags: [] })).toThrow('inserted a row into items without its key column item_id')
    expect(draft.violation?.kind).toBe('unknown-table')
    expect(draft.commit().tables).toEqual(base.tables)
  })
})
