import { describe, expect, test } from 'vitest'
import { createWorld, diffWorlds, WorldDraft } from '../src/world/index.ts'

describe('WorldDraft', () => {
  const world = createWorld(
    { settings: [{ wifi: true }], contacts: [{ person_id: 'a', name: 'Ann' }], reminders: [] },
    { contacts: { key: 'person_id' } },
  )

  test('a commit without writes returns the same snapshot', () => {
    const draft = new WorldDraft(world)
    draft.rows('contacts')
    expect(draft.commit()).toBe(world)
  })

  test('a change to one table shares every other table', () => {
    const draft = new WorldDraft(world)
    draft.insert('contacts', { person_id: 'b', name: 'Bo' })
    const next = draft.commit()
    expect(next).not.toBe(world)
    expect(next.tables.settings).toBe(world.tables.settings)
    expect(next.tables.reminders).toBe(world.tables.reminders)
    expect(next.tables.contacts).toHaveLength(2)
    expect(world.tables.contacts).toHaveLength(1)
  })

  test('writing equal rows back is not a change', () => {
    const draft = new WorldDraft(world)
    draft.setSettings({ wifi: true })
    expect(draft.changed).toBe(false)
    expect(draft.commit()).toBe(world)
  })

  test('diffs pair rows by key', () => {
    const draft = new WorldDraft(world)
    draft.update('contacts', (row) => row.person_id === 'a', { name: 'Anna' })
    draft.insert('contacts', { person_id: 'c', name: 'Cy' })
    draft.setSettings({ wifi: false })
    const diffs = diffWorlds(world, draft.commit())
    expect(diffs.map((diff) => diff.table)).toEqual(['contacts', 'settings'])
    expect(diffs[0]?.updated[0]?.columns).toEqual(['name'])
    expect(diffs[0]?.added).toEqual([{ person_id: 'c', name: 'Cy' }])
    expect(diffs[1]?.added).toEqual([{ wifi: false }])
    expect(diffs[1]?.removed).toEqual([{ wifi: true }])
  })
})
