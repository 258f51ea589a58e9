import { describe, expect, test } from 'vitest'
import { evaluate, EvaluationScenarioError } from '../../src/evaluation/index.ts'
import type { MilestoneInput } from '../../src/scenario/index.ts'
import { milestoneSchema } from '../../src/scenario/index.ts'
import { buildTrajectory, say } from './trajectory-builder.ts'

// Three contacts, cellular off: the removals and updates below act on this address book.
const world = {
  settings: [{ cellular: false }],
  contacts: [
    { person_id: 'p1', name: 'Ana Ruiz', phone_number: '+15550001' },
    { person_id: 'p2', name: 'Ben Cole', phone_number: '+15550002' },
    { person_id: 'p3', name: 'Cleo Park', phone_number: '+15550003' },
  ],
}
const scenarioOf = (milestones: MilestoneInput[]) => ({ milestones: milestones.map((milestone) => milestoneSchema.parse(milestone)), minefields: [] })

const removeContact = (personId: string) => say.result('remove_contact', { person_id: personId }, null, (draft) => void draft.remove('contacts', (row) => row.person_id === personId))
const renameContact = (personId: string, name: string) =>
  say.result('modify_contact', { person_id: personId, name }, null, (draft) => void draft.update('contacts', (row) => row.person_id === personId, { name }))
const cellularOn = say.result('set_cellular_service_status', { on: true }, null, (draft) => draft.setSettings({ cellular: true }))
const cellularIsOn = { constraints: [{ kind: 'table' as const, table: 'settings', rows: [{ cellular: true }] }] }

describe('removed', () => {
  const benRemoved = scenarioOf([{ constraints: [{ kind: 'removed', table: 'contacts', rows: [{ person_id: 'p2', name: 'Ben Cole' }] }] }])

  test('without a reference and without a predecessor, rows gone since the start match the target', async () => {
    const trajectory = buildTrajectory(world, [say.user('delete Ben'), say.call('remove_contact', { person_id: 'p2' }), removeContact('p2')])
    const result = await evaluate(trajectory, benRemoved)
    expect(result.score).toBe(1)
    expect(result.milestones[0]?.messageIndex).toBe(2)
    expect(result.milestones[0]?.constraints[0]).toEqual({ kind: 'removed', similarity: 1, reason: 'table contacts, rows removed since the start (message 0): match the target' })
  })

  test('the wrong contact removed scores 0 and says which column differed', async () => {
    const trajectory = buildTrajectory(world, [say.user('delete Ben'), removeContact('p3')])
    const result = await evaluate(trajectory, benRemoved)
    expect(result.score).toBe(0)
    // Nothing scores above 0, so the report shows the constraint at the first user message,
    // where nothing is gone yet; at message 1 it says which row was removed instead.
    expect(result.milestones[0]?.reason).toBe('table contacts, rows removed since the start (message 0): expected 1 row, found 0 rows')
    const atRemoval = await evaluate(trajectory, scenarioOf([{ constraints: [{ kind: 'removed', table: 'contacts', rows: [{ person_id: 'p2' }] }, { kind: 'table', table: 'settings', rows: [{ cellular: false }] }] }]))
    expect(atRemoval.score).toBe(0)
    // Partial credit places the milestone at the removal, where the reason names the removed row.
    const partial = await evaluate(trajectory, scenarioOf([{ constraints: [{ kind: 'removed', table: 'contacts', rows: [{ name: 'Cleo Cole' }], columns: { name: 'rouge-l' } }] }]))
    expect(partial.score).toBe(0.5)
    expect(partial.milestones[0]?.reason).toBe(
      'table contacts, rows removed since the start (message 0): row 1 of the target best matched a row where name: expected "Cleo Cole", found "Cleo Park" (rouge-l 0.5000)',
    )
  })

  test('a row added alongside the removal fails: only removals are expected', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('replace Ben'),
      { ...removeContact('p2'), change: (draft) => { draft.remove('contacts', (row) => row.person_id === 'p2'); draft.insert('contacts', { person_id: 'p4', name: 'Ben Cole', phone_number: '+15550009' }) } },
    ])
    const result = await evaluate(trajectory, benRemoved)
    expect(result.score).toBe(0)
    const constraint = (await evaluate(trajectory, scenarioOf([{ constraints: [{ kind: 'removed', table: 'contacts', rows: [{ person_id: 'p2' }] }], guardrails: { enabled: false } }]))).milestones[0]
    expect(constraint?.similarity).toBe(0)
  })

  test('the default reference is the predecessor: a removal made before it does not count, unless the reference is the start', async () => {
    // Ben goes first, then cellular comes on; the chain asks for the removal after cellular.
    const trajectory = buildTrajectory(world, [say.user('delete Ben, then turn cellular on'), removeContact('p2'), cellularOn])
    const sincePredecessor = await evaluate(trajectory, scenarioOf([cellularIsOn, { constraints: [{ kind: 'removed', table: 'contacts', rows: [{ person_id: 'p2' }] }] }]))
    // Either milestone can hold, never both: cellular at message 2 leaves nothing removed after
    // it, and the removal at message 1 counts only with milestone 0 placed (failing) before it.
    expect(sincePredecessor.score).toBe(0.5)
    expect(sincePredecessor.milestones.map((match) => match.similarity).sort()).toEqual([0, 1])
    const sinceStart = await evaluate(trajectory, scenarioOf([cellularIsOn, { constraints: [{ kind: 'removed', table: 'contacts', reference: 'start', rows: [{ person_id: 'p2' }] }] }]))
    expect(sinceStart.score).toBe(1)
    expect(sinceStart.milestones[1]?.constraints[0]?.reason).toBe('table contacts, rows removed since the start (message 0): match the target')
  })

  test('an explicit milestone reference compares with the world where that milestone matched', async () => {
    // Milestones (a chain): 0 Ben removed, 1 cellular on, 2 a contact added since milestone 0.
    // The contact is added before cellular comes on, so only the explicit reference sees it.
    const dana = { person_id: 'p4', name: 'Dana Fox', phone_number: '+15550004' }
    const trajectory = buildTrajectory(world, [
      say.user('remove Ben, add Dana, turn cellular on'),
      removeContact('p2'),
      say.result('add_contact', dana, 'p4', (draft) => draft.insert('contacts', dana)),
      cellularOn,
    ])
    const milestones = (reference: 0 | undefined): MilestoneInput[] => [
      { constraints: [{ kind: 'removed', table: 'contacts', rows: [{ person_id: 'p2' }] }] },
      cellularIsOn,
      { constraints: [{ kind: 'added', table: 'contacts', ...(reference === undefined ? {} : { reference }), rows: [{ name: 'Dana Fox' }] }] },
    ]
    const explicit = await evaluate(trajectory, scenarioOf(milestones(0)))
    expect(explicit.score).toBe(1)
    expect(explicit.milestones.map((match) => match.messageIndex)).toEqual([1, 3, 3])
    expect(explicit.milestones[2]?.constraints[0]?.reason).toBe('table contacts, rows added since milestone 0 (message 1): match the target')
    // By default milestone 2 compares with milestone 1's world, where Dana is already there.
    const byDefault = await evaluate(trajectory, scenarioOf(milestones(undefined)))
    expect(byDefault.score).toBeCloseTo(2 / 3, 12)
  })
})

describe('updated', () => {
  const anaRenamed = scenarioOf([{ constraints: [{ kind: 'updated', table: 'contacts', rows: [{ person_id: 'p1', name: 'Ana Ruiz-Lee' }] }] }])

  test('the new version of the changed row matches the target', async () => {
    const trajectory = buildTrajectory(world, [say.user('Ana married'), renameContact('p1', 'Ana Ruiz-Lee')])
    const result = await evaluate(trajectory, anaRenamed)
    expect(result.score).toBe(1)
    expect(result.milestones[0]?.constraints[0]?.reason).toBe('table contacts, rows updated since the start (message 0): match the target')
  })

  test('a different value in the updated row scores 0 and names the column; rouge-l gives partial credit', async () => {
    const trajectory = buildTrajectory(world, [say.user('Ana married'), say.agent('on it'), renameContact('p1', 'Ana Lee')])
    const result = await evaluate(trajectory, anaRenamed)
    expect(result.score).toBe(0)
    const atUpdate = await evaluate(trajectory, scenarioOf([{ constraints: [{ kind: 'updated', table: 'contacts', rows: [{ person_id: 'p1', name: 'Ana Ruiz-Lee' }], columns: { name: 'rouge-l' } }] }]))
    // "ana lee" against "ana ruiz lee": LCS 2, P 2/2, R 2/3, F 0.8; the geometric mean with person_id (1) is sqrt(0.8).
    expect(atUpdate.score).toBeCloseTo(Math.sqrt(0.8), 12)
    expect(atUpdate.milestones[0]?.messageIndex).toBe(2)
    expect(atUpdate.milestones[0]?.reason).toBe(
      'table contacts, rows updated since the start (message 0): row 1 of the target best matched a row where name: expected "Ana Ruiz-Lee", found "Ana Lee" (rouge-l 0.8000)',
    )
  })

  test('a change of row count is not an update', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('Ana married'),
      { ...renameContact('p1', 'Ana Ruiz-Lee'), change: (draft) => { draft.update('contacts', (row) => row.person_id === 'p1', { name: 'Ana Ruiz-Lee' }); draft.remove('contacts', (row) => row.person_id === 'p3') } },
    ])
    const result = await evaluate(trajectory, scenarioOf([{ constraints: [{ kind: 'updated', table: 'contacts', rows: [{ person_id: 'p1', name: 'Ana Ruiz-Lee' }] }], guardrails: { enabled: false } }]))
    expect(result.score).toBe(0)
    // The edge [1, 0] puts the (failing) update at or after the modify_contact call, so the
    // report shows it there rather than at the first user message.
    const explained = await evaluate(trajectory, {
      ...scenarioOf([
        { constraints: [{ kind: 'updated', table: 'contacts', reference: 'start', rows: [{ person_id: 'p1' }] }] },
        { constraints: [{ kind: 'tool-call', anyOf: [{ tool: 'modify_contact' }] }] },
      ]),
      milestoneEdges: [[1, 0]] as [number, number][],
    })
    expect(explained.milestones.map((match) => match.messageIndex)).toEqual([1, 1])
    expect(explained.milestones[0]?.reason).toBe('table contacts: expected updated rows since the start (message 0), but the row count went from 3 to 2')
  })

  test('two rows updated against a one-row target: the extra update fails the constraint', async () => {
    const trajectory = buildTrajectory(world, [
      say.user('Ana married'),
      { ...renameContact('p1', 'Ana Ruiz-Lee'), change: (draft) => { draft.update('contacts', (row) => row.person_id === 'p1', { name: 'Ana Ruiz-Lee' }); draft.update('contacts', (row) => row.person_id === 'p2', { name: 'Ben Ruiz-Lee' }) } },
    ])
    const result = await evaluate(trajectory, anaRenamed)
    expect(result.score).toBe(0)
    expect(result.milestones[0]?.reason).toContain('expected 1 row, found 0 rows')
  })

  test('the default reference is the predecessor; an explicit start reference looks further back', async () => {
    const trajectory = buildTrajectory(world, [say.user('rename Ana, then cellular'), renameContact('p1', 'Ana Ruiz-Lee'), cellularOn])
    const chained = await evaluate(trajectory, scenarioOf([cellularIsOn, { constraints: [{ kind: 'updated', table: 'contacts', rows: [{ person_id: 'p1', name: 'Ana Ruiz-Lee' }] }] }]))
    expect(chained.score).toBe(0.5)
    const fromStart = await evaluate(trajectory, scenarioOf([cellularIsOn, { constraints: [{ kind: 'updated', table: 'contacts', reference: 'start', rows: [{ person_id: 'p1', name: 'Ana Ruiz-Lee' }] }] }]))
    expect(fromStart.score).toBe(1)
    // And in the order the chain expects, the default reference works.
    const inOrder = buildTrajectory(world, [say.user('cellular, then rename Ana'), cellularOn, renameContact('p1', 'Ana Ruiz-Lee')])
    const inOrderResult = await evaluate(inOrder, scenarioOf([cellularIsOn, { constraints: [{ kind: 'updated', table: 'contacts', rows: [{ person_id: 'p1', name: 'Ana Ruiz-Lee' }] }] }]))
    expect(inOrderResult.score).toBe(1)
    expect(inOrderResult.milestones[1]?.constraints[0]?.reason).toBe('table contacts, rows updated since milestone 0 (message 1): match the target')
  })
})

describe('references that cannot be evaluated', () => {
  const trajectory = buildTrajectory(world, [say.user('hi')])

  test('a reference to a milestone that does not exist, or to itself, is a scenario error', async () => {
    const missing = scenarioOf([cellularIsOn, { constraints: [{ kind: 'removed', table: 'contacts', reference: 5, rows: [{ person_id: 'p2' }] }] }])
    await expect(evaluate(trajectory, missing)).rejects.toThrow(EvaluationScenarioError)
    await expect(evaluate(trajectory, missing)).rejects.toThrow('milestone 1: the removed constraint on table contacts names milestone 5, which is not another milestone of this scenario (use one of 0..1 other than 1)')
    const itself = scenarioOf([{ constraints: [{ kind: 'updated', table: 'contacts', reference: 0, rows: [{ person_id: 'p2' }] }] }])
    await expect(evaluate(trajectory, itself)).rejects.toThrow('names milestone 0, which is not another milestone of this scenario (there are no other milestones)')
  })

  test('a milestone with two predecessors must name its reference', async () => {
    const scenario = { ...scenarioOf([cellularIsOn, cellularIsOn, { constraints: [{ kind: 'removed', table: 'contacts', rows: [{ person_id: 'p2' }] }] }]), milestoneEdges: [[0, 2], [1, 2]] as [number, number][] }
    await expect(evaluate(trajectory, scenario)).rejects.toThrow("milestone 2 has several predecessors (0, 1), so its added/removed/updated constraints must name their reference (a milestone index or 'start')")
  })
})
