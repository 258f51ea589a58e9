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
  test('hands out read-only views that read like the rows: lists stay lists, JSON and spreads are the same', () => {
    const draft = new WorldDraft(world(), { views: true })
    const rows = draft.rows('items')
    const row = rows[0] as { item_id: string; tags: string[]; size: { width: number } }
    expect(Array.isArray(rows) && Array.isArray(row.tags)).toBe(true)
    expect(JSON.stringify(rows)).toBe('[{"item_id":"i-1","tags":["kitchen"],"size":{"width":2}}]')
    expect({ ...row }).toEqual({ item_id: 'i-1', tags: ['kitchen'], size: { width: 2 } })
    expect(Object.keys(row)).toEqual(['item_id', 'tags', 'size'])
    expect(rows.map((item) => item.item_id)).toEqual(['i-1'])
    expect(rows[0]).toBe(row)
  })

  test('refuses every change in place, naming the path, and remembers the first even when the tool catches it', () => {
    const draft = new WorldDraft(world(), { views: true })
    const row = draft.rows('items')[0] as { tags: string[]; size: { width: number } }
    const attempts: [() => unknown, string][] = [
      [() => row.tags.push('x'), 'items[0].tags[1]'],
      [() => (row.size.width = 3), 'items[0].size.width'],
      [() => delete (row as Partial<typeof row>).size, 'items[0].size'],
      [() => (draft.rows('items') as { item_id: string }[]).push({ item_id: 'i-9' }), 'items[1]'],
    ]
    for (const [attempt, path] of attempts) {
      let thrown: unknown
      try {
        attempt()
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(WorldWriteError)
      expect(thrown).toMatchObject({ kind: 'row-mutated', table: 'items', path })
    }
    expect(draft.violation?.path).toBe('items[0].tags[1]')
    expect(draft.commit().tables.items?.[0]).toEqual({ item_id: 'i-1', tags: ['kitchen'], size: { width: 2 } })
  })

  test('a row that was read can be written back: the world stores the row, not the view', () => {
    const base = world()
    const draft = new WorldDraft(base, { views: true, tables: base.info })
    const row = draft.rows('items')[0] as Record<string, JsonValue>
    draft.insert('items', { ...row, item_id: 'i-2' })
    const stored = draft.commit().tables.items?.[1] as Record<string, JsonValue>
    expect(stored.tags).toBe(base.tables.items?.[0]?.tags)
    expect(() => structuredClone(stored)).not.toThrow()
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
