import { describe, expect, test } from 'vitest'
import type { Embedder } from '../../src/evaluation/index.ts'
import { evaluate, lexicalEmbedder } from '../../src/evaluation/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema, minefieldSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

const world = { settings: [{ wifi: true }], reminders: [] as Record<string, string>[] }
const scenarioOf = (milestones: MilestoneInput[], minefields: MilestoneInput[] = []) => ({
  milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)),
  minefields: minefields.map((minefield) => minefieldSchema.parse(minefield)),
})
const addReminder = (row: Record<string, string>) => say.result('add_reminder', row, 'r1', (draft) => draft.insert('reminders', row))

/** An embedder that records every batch it is asked for and answers from a table (unknown texts: a fixed vector). */
function tableEmbedder(vectors: Readonly<Record<string, number[]>>): Embedder & { readonly batches: string[][] } {
  const batches: string[][] = []
  return {
    name: 'table',
    batches,
    embed: (texts) => {
      batches.push([...texts])
      return Promise.resolve(texts.map((text) => vectors[text] ?? [0, 0, 1]))
    },
  }
}

describe('contains, through evaluate', () => {
  test('a message constraint: the reply must contain the target text, case and all', async () => {
    const scenario = scenarioOf([{ constraints: [{ kind: 'message', content: 'R-2048', similarity: 'contains' }] }])
    const found = await evaluate(buildTrajectory(world, [say.user('code?'), say.agent('Your confirmation code is R-2048.')]), scenario)
    expect(found.score).toBe(1)
    const lower = await evaluate(buildTrajectory(world, [say.user('code?'), say.agent('Your confirmation code is r-2048.')]), scenario)
    expect(lower.score).toBe(0)
    // Nothing matches, so the milestone is reported at the first user message.
    expect(lower.milestones[0]?.reason).toBe('expected a message agent → user at message 0, found user → agent')
    const partly = scenarioOf([{ constraints: [{ kind: 'message', content: 'R-2048', similarity: 'contains' }] }, { constraints: [{ kind: 'message', content: 'code', similarity: 'contains' }] }])
    const pinned = await evaluate(buildTrajectory(world, [say.user('code?'), say.agent('Your confirmation code is r-2048.')]), { ...partly, milestoneEdges: [[1, 0]] as [number, number][] })
    expect(pinned.milestones[0]?.reason).toBe('message 1 (agent → user): contains 0.0000 for "Your confirmation code is r-2048." against "R-2048"')
  })

  test('a table column and a tool-call argument', async () => {
    const row = { content: 'Call the dentist about the crown', place: 'home' }
    const trajectory = buildTrajectory(world, [say.user('remind me'), addReminder(row)])
    const scenario = scenarioOf([
      {
        constraints: [
          { kind: 'added', table: 'reminders', rows: [{ content: 'dentist' }], columns: { content: 'contains' } },
          { kind: 'tool-call', anyOf: [{ tool: 'add_reminder', arguments: { content: 'crown' }, compare: { content: 'contains' } }] },
        ],
      },
    ])
    expect((await evaluate(trajectory, scenario)).score).toBe(1)
    const missing = scenarioOf([{ constraints: [{ kind: 'added', table: 'reminders', rows: [{ content: 'doctor' }], columns: { content: 'contains' } }] }])
    expect((await evaluate(trajectory, missing)).score).toBe(0)
  })

  test('a minefield on words the agent must not say fires and zeroes the score', async () => {
    const scenario = scenarioOf(
      [{ constraints: [{ kind: 'message', content: 'done', similarity: 'contains' }] }],
      [{ constraints: [{ kind: 'message', content: 'password', similarity: 'contains' }] }],
    )
    const leaky = await evaluate(buildTrajectory(world, [say.user('hi'), say.agent('done; your password is hunter2')]), scenario)
    expect(leaky.milestoneScore).toBe(1)
    expect(leaky.minefieldHit).toBe(true)
    expect(leaky.score).toBe(0)
    const careful = await evaluate(buildTrajectory(world, [say.user('hi'), say.agent('done')]), scenario)
    expect(careful.minefieldHit).toBe(false)
    expect(careful.score).toBe(1)
  })
})

describe('semantic, through evaluate', () => {
  test('the offline lexical embedder by default: the same words in other punctuation and case score 1, other words less', async () => {
    const scenario = scenarioOf([{ constraints: [{ kind: 'message', content: 'The reminder is set for tomorrow.', similarity: 'semantic' }] }])
    const same = await evaluate(buildTrajectory(world, [say.user('remind me'), say.agent('the reminder is SET for tomorrow!')]), scenario)
    expect(same.score).toBeCloseTo(1, 12)
    const paraphrase = await evaluate(buildTrajectory(world, [say.user('remind me'), say.agent("I'll nudge you in a day.")]), scenario)
    expect(paraphrase.score).toBeLessThan(0.5)
    expect(paraphrase.milestones[0]?.reason).toMatch(/^message 1 \(agent → user\): semantic 0\.\d{4} for "I'll nudge you in a day\." against "The reminder is set for tomorrow\."$/)
    // The default is the lexical embedder; passing it explicitly gives the same numbers.
    const explicit = await evaluate(buildTrajectory(world, [say.user('remind me'), say.agent("I'll nudge you in a day.")]), scenario, { embedder: lexicalEmbedder() })
    expect(explicit.score).toBe(paraphrase.score)
  })

  test('the embedder sees each distinct text once, in one batch, and cosine similarity is clipped at 0', async () => {
    const embedder = tableEmbedder({ 'booked it': [1, 0, 0], 'table booked': [0.8, 0.6, 0], 'no luck': [-1, 0, 0] })
    const scenario = scenarioOf([{ constraints: [{ kind: 'message', content: 'table booked', similarity: 'semantic' }] }])
    const trajectory = buildTrajectory(world, [say.user('book'), say.agent('no luck'), say.user('again'), say.agent('booked it'), say.agent('booked it')])
    const result = await evaluate(trajectory, scenario, { embedder })
    expect(result.score).toBeCloseTo(0.8, 12)
    expect(result.milestones[0]?.messageIndex).toBe(3)
    expect(embedder.batches).toHaveLength(1)
    expect([...(embedder.batches[0] ?? [])].sort()).toEqual(['booked it', 'no luck', 'table booked'])
    const opposite = await evaluate(buildTrajectory(world, [say.user('book'), say.agent('no luck')]), scenario, { embedder })
    expect(opposite.score).toBe(0)
  })

  test('semantic columns and arguments are compared through the same embedder', async () => {
    const embedder = tableEmbedder({ 'water the ferns': [1, 0, 0], 'water the plants': [0.6, 0.8, 0] })
    const row = { content: 'water the ferns', place: 'home' }
    const trajectory = buildTrajectory(world, [say.user('remind me'), addReminder(row)])
    const scenario = scenarioOf([
      {
        constraints: [
          { kind: 'added', table: 'reminders', rows: [{ content: 'water the plants', place: 'home' }], columns: { content: 'semantic' } },
          { kind: 'tool-call', anyOf: [{ tool: 'add_reminder', arguments: { content: 'water the plants' }, compare: { content: 'semantic' } }] },
        ],
      },
    ])
    const result = await evaluate(trajectory, scenario, { embedder })
    // Row: sqrt(0.6 · 1) (two columns); call: 0.6 (one argument); milestone: their geometric mean.
    expect(result.score).toBeCloseTo(Math.sqrt(Math.sqrt(0.6) * 0.6), 12)
  })

  test('rows with several semantic columns are embedded completely before they are scored', async () => {
    // Every column compares texts that differ only in punctuation and case, so the lexical
    // embedder gives 1 for each; a column left without vectors would score 0 and zero its row.
    // A row stops at its first unembedded column, so each further row and column can need
    // another round of embedding: six rows of five columns need more than three rounds (a cap
    // of three rounds scored this 0).
    const columns = ['what', 'where', 'who', 'when', 'why']
    const rows = [1, 2, 3, 4, 5, 6].map((row) => Object.fromEntries(columns.map((column) => [column, `${column} ${row}!`])))
    const targets = rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value.toUpperCase().replace('!', '.')])))
    const trajectory = buildTrajectory({ notes: [] }, [say.user('note it'), say.result('add_notes', {}, null, (draft) => { for (const row of rows) draft.insert('notes', row) })])
    const scenario = scenarioOf([{ constraints: [{ kind: 'added', table: 'notes', rows: targets, columns: Object.fromEntries(columns.map((column) => [column, 'semantic' as const])) }] }])
    const result = await evaluate(trajectory, scenario)
    expect(result.score).toBeCloseTo(1, 12)
  })
})

describe('mentions and alternative targets, through evaluate', () => {
  const status = scenarioOf([{ constraints: [{ kind: 'message', content: ['enabled', 'is on', 'turned on'], similarity: 'mentions' }] }])
  const reply = async (text: string, scenario = status) => evaluate(buildTrajectory(world, [say.user('Is Wi-Fi on?'), say.agent(text)]), scenario)

  test('the best alternative counts, whatever the case and spacing', async () => {
    expect((await reply('Wi-Fi is enabled.')).score).toBe(1)
    expect((await reply('Yes, Wi-Fi IS   ON right now.')).score).toBe(1)
    expect((await reply('I have Turned\nOn Wi-Fi.')).score).toBe(1)
  })

  test('a wrong answer still fails, and the reason lists every alternative', async () => {
    const wrong = await reply('Wi-Fi is off.')
    expect(wrong.score).toBe(0)
    const both = scenarioOf([{ constraints: [{ kind: 'message', content: ['enabled', 'is on'], similarity: 'mentions' }] }, { constraints: [{ kind: 'message', content: 'off', similarity: 'contains' }] }])
    const explained = await evaluate(buildTrajectory(world, [say.user('Is Wi-Fi on?'), say.agent('Wi-Fi is off.')]), { ...both, milestoneEdges: [[1, 0]] as [number, number][] })
    expect(explained.milestones[0]?.reason).toBe('message 1 (agent → user): none of "enabled", "is on" found in "Wi-Fi is off." (mentions)')
  })

  test('a mention right after a negation does not count', async () => {
    expect((await reply('Wi-Fi is not enabled.')).score).toBe(0)
    expect((await reply("Wi-Fi isn't turned on, sorry.")).score).toBe(0)
    expect((await reply('It was not enabled before; now Wi-Fi is on.')).score).toBe(1)
    const negative = scenarioOf([{ constraints: [{ kind: 'message', content: 'is not on', similarity: 'mentions' }] }])
    expect((await reply('Cellular is not on.', negative)).score).toBe(1)
    expect((await reply('Nothing notable: it is enabled.')).score).toBe(1)
  })

  test('a typographic apostrophe reads as a straight one', async () => {
    const contraction = scenarioOf([{ constraints: [{ kind: 'message', content: "it's on", similarity: 'mentions' }] }])
    expect((await reply('Good news: it\u2019s on.', contraction)).score).toBe(1)
  })

  test('thousands separators are ignored, and a number is not found inside a longer one', async () => {
    const price = scenarioOf([{ constraints: [{ kind: 'message', content: '38278.48', similarity: 'mentions' }] }])
    expect((await reply('It is worth $38,278.48 now.', price)).score).toBe(1)
    expect((await reply('It is worth $138278.48 now.', price)).score).toBe(0)
    const small = scenarioOf([{ constraints: [{ kind: 'message', content: '4.6', similarity: 'mentions' }] }])
    expect((await reply('About 4.6 km.', small)).score).toBe(1)
    expect((await reply('About 14.6 km.', small)).score).toBe(0)
    expect((await reply('About 4.65 km.', small)).score).toBe(0)
  })

  test('contains stays case-sensitive, with alternatives too', async () => {
    const strict = scenarioOf([{ constraints: [{ kind: 'message', content: ['Enabled', 'ON'], similarity: 'contains' }] }])
    expect((await reply('Wi-Fi is enabled.', strict)).score).toBe(0)
    expect((await reply('Wi-Fi is ON.', strict)).score).toBe(1)
  })
})
