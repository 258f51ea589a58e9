import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { runToolTalkCommand } from '../../src/cli/tooltalk.ts'
import type { ToolTalkReport } from '../../src/cli/tooltalk.ts'
import type { JsonObject } from '../../src/world/index.ts'
import type { ToolTalkConversationResult } from '../../scenarios/tooltalk/index.ts'
import { evaluateToolTalkConversation, loadToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import { alteredReferenceAgent } from './altered-reference-agent.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

function capture() {
  const out: string[] = []
  const err: string[] = []
  return { io: { stdout: (text: string) => out.push(text), stderr: (text: string) => err.push(text) }, out: () => out.join(''), err: () => err.join('') }
}

/** A conversation file with the predictions of an evaluation added, as ToolTalk's evaluate_openai.py writes its output. */
function asToolTalkOutput(file: JsonObject, result: ToolTalkConversationResult): JsonObject {
  const turns = (file.conversation as JsonObject[]).map((turn, position) => {
    const evaluated = result.turns.find((candidate) => candidate.turn === position)
    if (evaluated === undefined) return turn
    const predictions = [
      ...evaluated.predictions.map((call) => ({ role: 'api', request: { api_name: call.apiName, parameters: call.parameters }, response: call.response, exception: call.exception, metadata: {}, match: false, bad_action: false })),
      { role: 'assistant', text: evaluated.answer ?? '', metadata: {} },
    ]
    return { ...turn, predictions }
  })
  return { ...file, conversation: turns, metrics: {} } as JsonObject
}

describe.skipIf(!HAS_TOOLTALK_DATA)(`scoring predictions made elsewhere ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  const temporary: string[] = []
  afterAll(async () => {
    for (const folder of temporary) await rm(folder, { recursive: true, force: true })
  })

  // Point 11. ToolTalk (tooltalk-facts.md §2c, evaluate_predictions): P = all role=="api" predictions
  // across all turns, each taking the first unmatched equivalent ground-truth call; actions count
  // failed calls; action_precision = valid_actions/actions; bad_action_rate = bad_actions/actions.
  test('a ToolTalk output file is scored as ToolTalk scores it, with action precision and the counts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'toolcheck-predictions-'))
    temporary.push(root)
    const file = JSON.parse(await readFile(`${TOOLTALK_DATA}easy/AddAlarm-easy.json`, 'utf8')) as JsonObject
    const turns = file.conversation as JsonObject[]
    // The model set the alarm, then sent a message nobody asked for (it ran: a bad action), then
    // tried to delete an alarm that does not exist (a failed action: counted, never bad).
    const predictions = [
      { role: 'api', request: { api_name: 'AddAlarm', parameters: { session_token: '98a5a87a-7714-b404', time: '18:30:00' } }, response: { alarm_id: '5bff-dd80' }, exception: null, metadata: {}, match: true, bad_action: false },
      { role: 'api', request: { api_name: 'SendMessage', parameters: { session_token: '98a5a87a-7714-b404', receiver: 'mom', message: 'nap' } }, response: { message_id: 'e149636f-ecc3f121' }, exception: null },
      { role: 'api', request: { api_name: 'DeleteAlarm', parameters: { session_token: '98a5a87a-7714-b404', alarm_id: 'ffff-ffff' } }, response: null, exception: 'Alarm ffff-ffff not found.' },
      { role: 'assistant', text: 'Done.', metadata: {} },
    ]
    await writeFile(join(root, 'AddAlarm-easy.json'), JSON.stringify({ ...file, conversation: turns.map((turn, position) => (position === 1 ? { ...turn, predictions } : turn)), metrics: { precision: 1 } }))
    const folder = join(root, 'conversations')
    await mkdir(folder)
    await writeFile(join(folder, 'AddAlarm-easy.json'), JSON.stringify(file))
    const { io, out, err } = capture()
    expect(await runToolTalkCommand([folder, '--databases', `${TOOLTALK_DATA}databases`, '--predictions', join(root, 'AddAlarm-easy.json'), '--json'], io)).toBe(0)
    expect(err()).toBe('')
    const report = JSON.parse(out()) as ToolTalkReport
    // 3 predictions, 1 ground-truth call, 1 match; 3 actions of which 1 valid and 1 bad (the
    // DeleteAlarm failed): precision 1/3, recall 1, action precision 1/3, incorrect actions 1/3.
    expect(report.conversations[0]).toMatchObject({ predictions: 3, groundTruthCalls: 1, matches: 1, actions: 3, validActions: 1, badActions: 1, recall: 1, success: false })
    expect(report.conversations[0]?.precision).toBeCloseTo(1 / 3, 12)
    expect(report.conversations[0]?.actionPrecision).toBeCloseTo(1 / 3, 12)
    expect(report.conversations[0]?.incorrectActionRate).toBeCloseTo(1 / 3, 12)
    expect(report.totals).toMatchObject({ matches: 1, actions: 3, validActions: 1, badActions: 1 })
    expect(report.predictions).toBe(join(root, 'AddAlarm-easy.json'))
  })

  test('the predictions of an evaluation, written in ToolTalk\'s format, score exactly as the evaluation did', async () => {
    const dataset = await loadToolTalkDataset(`${TOOLTALK_DATA}easy`)
    const root = await mkdtemp(join(tmpdir(), 'toolcheck-predictions-'))
    temporary.push(root)
    const direct = []
    for (const conversation of dataset.conversations) {
      // An imperfect agent: every SendMessage goes out with an unrelated text.
      const agent = conversation.turns.some((turn) => turn.calls.some((call) => call.apiName === 'SendMessage'))
        ? alteredReferenceAgent(conversation, { kind: 'argument', tool: 'SendMessage', argument: 'message', value: 'zebra quantum pancake' })
        : alteredReferenceAgent(conversation, { kind: 'every-call', name: 'as recorded', rewrite: (_tool, args) => args })
      const result = await evaluateToolTalkConversation(conversation, agent, { world: dataset.databases.world })
      direct.push(result)
      const file = JSON.parse(await readFile(conversation.file, 'utf8')) as JsonObject
      await writeFile(join(root, `${conversation.name}.json`), JSON.stringify(asToolTalkOutput(file, result)))
    }
    const { io, out, err } = capture()
    expect(await runToolTalkCommand([`${TOOLTALK_DATA}easy`, '--predictions', root, '--json'], io)).toBe(0)
    expect(err()).toBe('')
    const report = JSON.parse(out()) as ToolTalkReport
    for (const [position, row] of report.conversations.entries()) {
      const metrics = direct[position]?.metrics
      expect(row, row.name).toMatchObject({ predictions: metrics?.predictions, matches: metrics?.matches, badActions: metrics?.bad_actions, success: metrics?.success })
    }
    expect(report.totals).toMatchObject({ predictions: 28, groundTruthCalls: 28, matches: 27, badActions: 1 })
  })

  test('conversations without predictions, predictions without a conversation, and malformed files are named', async () => {
    const root = await mkdtemp(join(tmpdir(), 'toolcheck-predictions-'))
    temporary.push(root)
    await writeFile(join(root, 'stray.json'), JSON.stringify({ name: 'No-Such-Conversation', conversation: [{ role: 'user', text: 'hi' }] }))
    await writeFile(join(root, 'broken.json'), '{"name": ')
    await writeFile(join(root, 'wrong.json'), JSON.stringify({ name: 'AddAlarm-easy', conversation: [{ role: 'user', predictions: [{ role: 'api' }] }] }))
    const { io, err } = capture()
    expect(await runToolTalkCommand([`${TOOLTALK_DATA}easy`, '--predictions', root, '--json'], io)).toBe(1)
    expect(err()).toMatch(/broken\.json: not valid JSON/)
    expect(err()).toMatch(/wrong\.json: not a ToolTalk prediction file \(conversation\.0\.predictions\.0/)
    expect(err()).toMatch(/stray\.json: predictions for No-Such-Conversation, which is not a conversation of/)
    expect(err()).toMatch(/AddAlarm-easy\.json: no predictions for AddAlarm-easy in/)
    // A usage mistake, thrown for toolcheck to print with the usage (exit 2; see test/cli).
    await expect(runToolTalkCommand([`${TOOLTALK_DATA}easy`, '--predictions', root, '--agent', 'reference'], capture().io)).rejects.toThrow('give --agent or --predictions, not both')
  })
})
