import { describe, expect, test } from 'vitest'
import type { ToolTalkCall } from '../../scenarios/tooltalk/domain/index.ts'
import { aggregateToolTalkMetrics, compareToolTalkCalls, lexicalCosine, toolTalkCallsEquivalent } from '../../scenarios/tooltalk/metrics/index.ts'

const token = 'abcd1234-0000-1111'
const reminder = (task: string, dueDate: string | null, id = '5b-dd80'): ToolTalkCall => ({
  apiName: 'AddReminder', parameters: { session_token: token, task, ...(dueDate === null ? {} : { due_date: dueDate }) }, response: { reminder_id: id }, exception: null,
})

describe('compareToolTalkCalls', () => {
  test('greedy first fit: a prediction takes the first unmatched equivalent ground truth, once', async () => {
    const groundTruth = [reminder('Buy milk', '2023-09-12 10:00:00'), reminder('Buy milk', '2023-09-12 18:00:00', '20-d9ca')]
    const predictions = [reminder('buy milk', '2023-09-12 09:00:00', 'zz-0000'), reminder('Buy milk', '2023-09-12 11:00:00'), reminder('Buy milk', '2023-09-12 12:00:00')]
    const comparison = await compareToolTalkCalls(predictions, groundTruth)
    expect(comparison.predictions.map((outcome) => outcome.matched)).toEqual([0, 1, null])
    expect(comparison.groundTruth.map((outcome) => outcome.matchedBy)).toEqual([0, 1])
    expect(comparison.predictions[2]).toMatchObject({ action: true, badAction: true, attempts: [] })
    expect(comparison.metrics).toMatchObject({ predictions: 3, ground_truths: 2, matches: 2, actions: 3, valid_actions: 2, bad_actions: 1, precision: 2 / 3, recall: 1, success: false })
    expect(comparison.metrics.soft_success).toBeCloseTo(2 / 3, 12)
  })

  test('unmatched predictions say why for every ground truth tried', async () => {
    const comparison = await compareToolTalkCalls([reminder('Walk the dog', '2023-09-13 10:00:00')], [reminder('Walk the dog', '2023-09-12 10:00:00'), reminder('Pay rent', null)])
    expect(comparison.predictions[0]?.attempts.map((attempt) => attempt.reason)).toEqual([
      'due_date is on another day: 2023-09-13 10:00:00 instead of 2023-09-12 10:00:00',
      expect.stringMatching(/^argument task has similarity 0\.000 < 0\.9/),
    ])
  })

  test('a null due_date is not equivalent (upstream crashes there) and the injected similarity is used', async () => {
    const verdict = await toolTalkCallsEquivalent({ ...reminder('Pay rent', null), parameters: { session_token: token, task: 'Pay rent', due_date: null } }, reminder('Pay rent', '2023-10-01 00:00:00'))
    expect(verdict).toMatchObject({ equivalent: false, reason: expect.stringMatching(/would crash/) })
    const lenient = await toolTalkCallsEquivalent(reminder('Settle the rent', null), reminder('Pay rent', null), { similarity: async () => 0.95 })
    expect(lenient.equivalent).toBe(true)
    const notANumber = async () => Number.NaN
    expect((await toolTalkCallsEquivalent(reminder('x', null), reminder('y', null), { similarity: notANumber })).equivalent).toBe(true)
    expect((await toolTalkCallsEquivalent(reminder('x', null), reminder('y', null), { similarity: notANumber, strict: true })).equivalent).toBe(false)
  })

  test('due dates compare by the calendar day strptime reads, however the fields are written', async () => {
    expect((await toolTalkCallsEquivalent(reminder('Pay rent', '2023-10- 1 8:0:0'), reminder('Pay rent', '2023-10-01 00:00:00'))).equivalent).toBe(true)
    expect((await toolTalkCallsEquivalent(reminder('Pay rent', '2023-10-01  23:59:59'), reminder('Pay rent', '2023-10-01 00:00:00'))).equivalent).toBe(true)
    expect((await toolTalkCallsEquivalent(reminder('Pay rent', '2023-10-02 00:00:00'), reminder('Pay rent', '2023-10-01 23:59:59'))).equivalent).toBe(false)
  })

  test('attendees compare in order by default and as a set when strict', async () => {
    const event = (attendees: string[]): ToolTalkCall => ({
      apiName: 'CreateEvent', parameters: { session_token: token, name: 'Sync', event_type: 'meeting', start_time: '2023-09-12 10:00:00', end_time: '2023-09-12 11:00:00', attendees }, response: { event_id: 'x' }, exception: null,
    })
    expect((await toolTalkCallsEquivalent(event(['b', 'a']), event(['a', 'b']))).equivalent).toBe(false)
    expect((await toolTalkCallsEquivalent(event(['b', 'a']), event(['a', 'b']), { strict: true })).equivalent).toBe(true)
  })

  test('no predictions: precision 0, recall 0; dataset figures are micro sums and a macro success rate', async () => {
    const empty = await compareToolTalkCalls([], [reminder('a', null)])
    expect(empty.metrics).toMatchObject({ precision: 0, recall: 0, bad_action_rate: 0, action_precision: 1, success: false })
    const perfect = await compareToolTalkCalls([reminder('a', null)], [reminder('a', null)])
    const totals = aggregateToolTalkMetrics([empty.metrics, perfect.metrics, perfect.metrics])
    expect(totals).toMatchObject({ conversations: 3, predictions: 2, ground_truths: 3, matches: 2, precision: 1, recall: 2 / 3, success_rate: 2 / 3 })
  })

  test('the lexical similarity is a word-count cosine', () => {
    expect(lexicalCosine('Buy milk', 'buy MILK!')).toBeCloseTo(1, 12)
    expect(lexicalCosine('buy milk', 'sell bread')).toBe(0)
    expect(lexicalCosine('buy milk today', 'buy milk')).toBeCloseTo(2 / Math.sqrt(6), 12)
  })
})
