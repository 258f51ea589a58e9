import { createWorld, WorldDraft } from '../src/world/index.ts'
import { defineBenchmarks } from './harness.ts'

const world = createWorld({
  settings: [{ wifi: true, cellular: true }],
  contacts: Array.from({ length: 200 }, (_, index) => ({ person_id: `p${index}`, name: `Person ${index}` })),
  messages: Array.from({ length: 500 }, (_, index) => ({ message_id: `m${index}`, content: `text ${index}` })),
  reminders: Array.from({ length: 100 }, (_, index) => ({ reminder_id: `r${index}`, content: `remind ${index}` })),
})

export default defineBenchmarks([
  {
    name: 'snapshot after one insert (800-row world)',
    targetMs: 0.1,
    iterations: 2000,
    run: () => {
      const draft = new WorldDraft(world)
      draft.insert('messages', { message_id: 'new', content: 'hello' })
      return draft.commit()
    },
    facts: () => {
      const draft = new WorldDraft(world)
      draft.insert('messages', { message_id: 'new', content: 'hello' })
      const next = draft.commit()
      const shared = Object.keys(world.tables).filter((table) => next.tables[table] === world.tables[table])
      return { sharedTables: shared, copiedTables: Object.keys(world.tables).filter((table) => !shared.includes(table)) }
    },
  },
])
