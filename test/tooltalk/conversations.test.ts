import { describe, expect, test } from 'vitest'
import type { ToolTalkConversation, ToolTalkDataset } from '../../scenarios/tooltalk/index.ts'
import { evaluateToolTalkConversation, loadToolTalkDataset, referenceToolTalkAgent, toolTalkScenario } from '../../scenarios/tooltalk/index.ts'
import { scriptedModel, startMockServer } from '../../src/mock-server/index.ts'
import { functionAgent } from '../../src/roles/function-agent.ts'
import { openaiAgent } from '../../src/roles/openai-agent.ts'
import type { Agent } from '../../src/roles/types.ts'
import { toolcheckMatchers } from '../../src/vitest/matchers.ts'
import '../../src/vitest/vitest-augmentation.ts'
import type { ReferenceChange } from './altered-reference-agent.ts'
import { alteredReferenceAgent } from './altered-reference-agent.ts'
import { HAS_TOOLTALK_DATA, MISSING_DATA, TOOLTALK_DATA } from './tooltalk-data.ts'

// The toolcheck plugin registers the matchers through its setup file; this project's own tests
// run without the plugin, so they register them here.
expect.extend(toolcheckMatchers)

// ToolTalk's two folders: `easy` (28 conversations) and `tooltalk` (the hard ones).
const datasets: readonly ToolTalkDataset[] = HAS_TOOLTALK_DATA
  ? await Promise.all(['easy', 'tooltalk'].map((folder) => loadToolTalkDataset(`${TOOLTALK_DATA}${folder}`)))
  : []
const cases = datasets.flatMap((dataset) => dataset.conversations.map((conversation) => ({ name: conversation.name, conversation, dataset })))

function find(name: string): { conversation: ToolTalkConversation; dataset: ToolTalkDataset } {
  const found = cases.find((candidate) => candidate.name === name)
  if (found === undefined) throw new Error(`no ToolTalk conversation ${name}`)
  return found
}

/** Plays a conversation by ToolTalk's protocol with `agent` (the reference by default). */
async function play(name: string, agent?: (conversation: ToolTalkConversation) => Agent) {
  const { conversation, dataset } = find(name)
  return evaluateToolTalkConversation(conversation, (agent ?? referenceToolTalkAgent)(conversation), { world: dataset.databases.world })
}

async function failureOf(assertion: () => Promise<unknown>): Promise<string> {
  try {
    await assertion()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the assertion did not fail')
}

describe.skipIf(!HAS_TOOLTALK_DATA)(`every ToolTalk conversation as a test ${HAS_TOOLTALK_DATA ? '' : MISSING_DATA}`, () => {
  // ToolTalk has 50 hard conversations; the shared copy may hold a subset of them.
  test('both folders import without errors', () => {
    expect(datasets.map((dataset) => dataset.errors)).toEqual([[], []])
    expect(datasets[0]?.conversations).toHaveLength(28)
    expect(datasets[1]?.conversations.length).toBeGreaterThan(0)
  })

  test.for(cases)('the reference agent matches the ground truth of $name', async ({ conversation, dataset }) => {
    const result = await evaluateToolTalkConversation(conversation, referenceToolTalkAgent(conversation), { world: dataset.databases.world })
    await expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth)
  })
})

describe.skipIf(!HAS_TOOLTALK_DATA)('deliberately wrong agents fail', () => {
  const wrong = (change: ReferenceChange) => (conversation: ToolTalkConversation) => alteredReferenceAgent(conversation, change)

  test('a wrong argument: the call matches nothing, the ground truth is missed, the action counts as incorrect', async () => {
    const result = await play('AddAlarm-easy', wrong({ kind: 'argument', tool: 'AddAlarm', argument: 'time', value: '19:30:00' }))
    await expect(result.predictions).not.toMatchGroundTruthCalls(result.groundTruth)
    const message = await failureOf(() => expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth))
    expect(message).toContain('expected 1 predicted call to match 1 ground-truth call (recall at least 1.000, incorrect-action rate at most 0.000)')
    expect(message).toContain('precision 0.000, recall 0.000, incorrect-action rate 1.000, success false')
    expect(message).toContain('MISSED  #0 AddAlarm')
    expect(message).toMatch(/#0 AddAlarm \{[^\n]*"time":"19:30:00"[^\n]*\}: INCORRECT ACTION \(matched nothing\)\n {6}vs ground truth #0: [^\n]*time/)
  })

  test.for([
    {
      label: 'a dropped call (CurrentWeather)',
      change: { kind: 'drop', tool: 'CurrentWeather' },
      metrics: { predictions: 3, matches: 3, recall: 0.75, bad_action_rate: 0 },
      text: 'MISSED  #2 CurrentWeather',
    },
    {
      label: 'a wrong argument in a later-used action (AddAlarm at 10:00)',
      change: { kind: 'argument', tool: 'AddAlarm', argument: 'time', value: '10:00:00' },
      metrics: { predictions: 4, matches: 3, recall: 0.75, bad_action_rate: 1 / 3 },
      text: 'INCORRECT ACTION (matched nothing)',
    },
    {
      label: 'an extra action (a SendMessage nobody asked for)',
      change: { kind: 'extra', after: 'CurrentWeather', call: { name: 'SendMessage', arguments: { receiver: 'lifeng', message: 'It is sunny here.' } } },
      metrics: { predictions: 5, matches: 4, recall: 1, bad_action_rate: 0.25 },
      text: '#3 SendMessage {"receiver":"lifeng","message":"It is sunny here.","session_token":"98a5a87a-7714-b404"}: INCORRECT ACTION (matched nothing)',
    },
  ] as const)('$label in a hard conversation', async ({ change, metrics, text }) => {
    const result = await play('Alarm-Reminder-Weather-DeleteAlarm-2', wrong(change))
    expect(result.metrics).toMatchObject({ ground_truths: 4, ...metrics, success: false })
    await expect(result.predictions).not.toMatchGroundTruthCalls(result.groundTruth)
    expect(await failureOf(() => expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth))).toContain(text)
  })

  test('looser thresholds accept a partial match; .not then fails and says so', async () => {
    const result = await play('Alarm-Reminder-Weather-DeleteAlarm-2', wrong({ kind: 'drop', tool: 'CurrentWeather' }))
    await expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth, { minimumRecall: 0.75 })
    const message = await failureOf(() => expect(result.predictions).not.toMatchGroundTruthCalls(result.groundTruth, { minimumRecall: 0.75 }))
    expect(message).toContain('expected 3 predicted calls not to match 4 ground-truth calls (recall at least 0.750')
  })

  test('ToolTalk never compares the SendMessage receiver; the strict rules do', async () => {
    const result = await play('SendMessage-easy', wrong({ kind: 'argument', tool: 'SendMessage', argument: 'receiver', value: 'nobody' }))
    await expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth)
    await expect(result.predictions).not.toMatchGroundTruthCalls(result.groundTruth, { strict: true })
  })
})

// How a user tests their own agent on ToolTalk: load a folder, play each conversation with the
// agent by ToolTalk's protocol, and assert on the calls it made. In a project that uses the
// toolcheck plugin the matchers are already registered.
describe.skipIf(!HAS_TOOLTALK_DATA)('example: your own agent on ToolTalk conversations', () => {
  // A hand-written agent: it looks the weather up where the system prompt says the user is.
  const weatherAgent = functionAgent(({ lastUserMessage, latestToolResults, systemPrompt }) => {
    const [answer] = latestToolResults()
    if (answer !== undefined) {
      const { weather } = answer.result as { weather: { conditions: string; high: number; low: number } }
      return `It is ${weather.conditions.toLowerCase()}, with a high of ${weather.high} and a low of ${weather.low}.`
    }
    const location = /The user is in (.+?)\./.exec(systemPrompt)?.[1]
    if (/weather/i.test(lastUserMessage() ?? '') && location !== undefined) return [{ name: 'CurrentWeather', arguments: { location } }]
    return 'How can I help?'
  }, { name: 'weather-agent' })

  test.for(['CurrentWeather-easy'])('a function agent on %s', async (name) => {
    const { conversation, dataset } = find(name)
    const result = await evaluateToolTalkConversation(conversation, weatherAgent, { world: dataset.databases.world })
    await expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth)
  })

  // A model behind an OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp, OpenAI itself): give
  // its baseURL and model. Here a local mock server stands in, playing the conversation's ground
  // truth as a model would.
  test('a chat-completions model on CurrentWeather-easy', async () => {
    const { conversation, dataset } = find('CurrentWeather-easy')
    const scenario = toolTalkScenario(conversation)
    const server = await startMockServer({ respond: scriptedModel([scenario]) })
    try {
      const agent = openaiAgent({ model: scenario.id, baseURL: server.baseURL, apiKey: 'not-needed-locally', cache: false })
      const result = await evaluateToolTalkConversation(conversation, agent, { world: dataset.databases.world })
      expect(result.status).toBe('completed')
      await expect(result.predictions).toMatchGroundTruthCalls(result.groundTruth)
    } finally {
      await server.close()
    }
  })
})
