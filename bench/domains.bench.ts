import { defaultWorld, searchContacts, searchLocationAroundLatLon, searchMessages, searchWeatherAroundLatLon, sendMessageWithPhoneNumber } from '../scenarios/toolsandbox/domain/index.ts'
import { seededIds } from '../src/tools/context.ts'
import type { Clock } from '../src/tools/context.ts'
import { WorldDraft } from '../src/world/index.ts'
import { defineBenchmarks } from './harness.ts'

const clock: Clock = { now: Date.UTC(2026, 4, 14, 17) / 1000, timeZone: 'America/Los_Angeles' }
const world = defaultWorld(clock)
const context = () => ({ world: new WorldDraft(world), clock, ids: seededIds('bench') })

export default defineBenchmarks([
  {
    name: 'search_contacts by fuzzy name (default world)',
    targetMs: 0.5,
    iterations: 500,
    run: () => searchContacts.execute({ name: 'Marcus Bel' }, context()),
  },
  {
    name: 'search_messages by fuzzy content (default world)',
    targetMs: 1,
    iterations: 500,
    run: () => searchMessages.execute({ content: 'quarterly slides' }, context()),
  },
  {
    name: 'send_message_with_phone_number and commit',
    targetMs: 0.2,
    iterations: 1000,
    run: () => {
      const draft = new WorldDraft(world)
      sendMessageWithPhoneNumber.execute({ phone_number: '+13105550191', content: 'On my way' }, { world: draft, clock, ids: seededIds('bench') })
      return draft.commit()
    },
  },
  {
    name: 'search_location_around_lat_lon near the device',
    targetMs: 1,
    iterations: 500,
    run: () => searchLocationAroundLatLon.execute({ location: 'coffee shop near me' }, context()),
  },
  {
    name: 'search_weather_around_lat_lon today',
    targetMs: 1,
    iterations: 500,
    run: () => searchWeatherAroundLatLon.execute({}, context()),
  },
])
