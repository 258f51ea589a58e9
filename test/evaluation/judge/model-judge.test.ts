import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ModelCache } from '../../../src/cache/index.ts'
import { builtInJudge } from '../../../src/evaluation/judge/built-in-judge.ts'
import { calibrateJudge } from '../../../src/evaluation/judge/calibrate-judge.ts'
import { functionJudge, withFallback } from '../../../src/evaluation/judge/function-judge.ts'
import { JUDGE_CORPUS } from '../../../src/evaluation/judge/judge-corpus.ts'
import { JUDGE_QUESTIONS } from '../../../src/evaluation/judge/judge.ts'
import { answerOf, modelJudge } from '../../../src/evaluation/judge/model-judge.ts'
import { judgeFromSpec } from '../../../src/evaluation/judge/judge-from-spec.ts'
import type { MockChatRequest, MockServer } from '../../../src/mock-server/index.ts'
import { startMockServer } from '../../../src/mock-server/index.ts'

/** A mock model that knows the corpus's labels: it answers each question as the label says. */
function oracle(request: MockChatRequest) {
  const system = String(request.body.messages[0]?.content ?? '')
  const message = String(request.body.messages[1]?.content ?? '')
  const example = JUDGE_CORPUS.find((entry) => entry.message === message)
  if (example === undefined) return { content: 'unsure' }
  const label = system.includes('could not be done') ? example.reportsFailure : example.claimsSuccess
  return { content: label ? 'Yes.' : 'no' }
}

describe('modelJudge against the mock OpenAI server', () => {
  let server: MockServer
  let directory: string
  beforeAll(async () => {
    server = await startMockServer({ respond: oracle })
    directory = await mkdtemp(join(tmpdir(), 'toolcheck-judge-'))
  })
  afterAll(async () => {
    await server.close()
    await rm(directory, { recursive: true, force: true })
  })

  test('answers what the built-in judge cannot tell, and is asked nothing else', async () => {
    const model = modelJudge({ model: 'judge-model', baseURL: server.baseURL, apiKey: 'test', cache: false })
    const before = server.chatRequestCount
    const calibration = await calibrateJudge(withFallback(builtInJudge(), model), JUDGE_CORPUS)
    for (const question of JUDGE_QUESTIONS) {
      expect(calibration.questions[question].overall.precision).toBe(1)
      expect(calibration.questions[question].overall.recall).toBe(1)
    }
    const builtIn = await calibrateJudge(builtInJudge(), JUDGE_CORPUS)
    const unread = JUDGE_QUESTIONS.reduce((sum, question) => sum + builtIn.questions[question].overall.confusion.yes['cannot-tell'] + builtIn.questions[question].overall.confusion.no['cannot-tell'], 0)
    expect(server.chatRequestCount - before).toBe(unread)
    expect(calibration.judge).toBe('built-in, then openai:judge-model')
  })

  test('its calls are recorded once and replayed, like every model call', async () => {
    const message = 'Fatto! È tutto a posto.'
    const recorded = modelJudge({ model: 'judge-model', baseURL: server.baseURL, apiKey: 'test', cache: new ModelCache({ mode: 'record', directory }) })
    expect(await recorded.judge({ question: 'claims-success', message })).toEqual({ answer: 'yes' })
    const count = server.chatRequestCount
    const replayed = modelJudge({ model: 'judge-model', baseURL: server.baseURL, apiKey: 'test', cache: new ModelCache({ mode: 'replay', directory }) })
    expect(await replayed.judge({ question: 'claims-success', message })).toEqual({ answer: 'yes' })
    expect(server.chatRequestCount).toBe(count)
  })

  test('judgeFromSpec reaches a model by its spec, after the built-in judge', async () => {
    const judge = judgeFromSpec('openai:judge-model', { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test', TOOLCHECK_CACHE: 'off' })
    expect(await judge?.judge({ question: 'reports-failure', message: 'Non sono riuscito a completarlo: il servizio non è disponibile, non è stato modificato nulla.' })).toEqual({ answer: 'yes' })
    expect(judgeFromSpec('built-in', {})).toBeUndefined()
    expect(() => judgeFromSpec('opnai:judge-model', {})).toThrow(/not a judge toolcheck knows; use built-in, openai:<model> or hf:<model>/)
  })
})

describe('the answers of a model and of a function', () => {
  test('a reply is read by its first word', () => {
    expect(answerOf('Yes.')).toBe('yes')
    expect(answerOf('**No**')).toBe('no')
    expect(answerOf('unsure')).toBe('cannot-tell')
    expect(answerOf('Maybe yes')).toBe('cannot-tell')
  })
  test('a function judge must answer yes, no or cannot-tell', async () => {
    expect(await functionJudge(() => 'no').judge({ question: 'claims-success', message: 'x' })).toEqual({ answer: 'no' })
    await expect(functionJudge(() => 'perhaps' as never, 'mine').judge({ question: 'claims-success', message: 'x' })).rejects.toThrow(/the judge function mine returned "perhaps" for claims-success/)
  })
})
