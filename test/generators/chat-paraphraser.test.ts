import { describe, expect, test } from 'vitest'
import { chatParaphraser, modelParaphrases, parseParaphrases } from '../../generators/index.ts'
import type { ChatEndpoint, ChatRequest } from '../../src/roles/endpoint/index.ts'
import { wifiScenario } from './law-cases.ts'

/** A chat endpoint double that records requests and answers with a fixed text. */
function fakeEndpoint(answer: string): ChatEndpoint & { readonly requests: ChatRequest[] } {
  const requests: ChatRequest[] = []
  return {
    client: 'openai',
    address: 'http://paraphrase.test/v1',
    requests,
    async send(request) {
      requests.push(request)
      return { choices: [{ message: { role: 'assistant', content: answer }, finish_reason: 'stop' }], usage: { prompt_tokens: 40, completion_tokens: 20 } }
    },
  }
}

describe('chatParaphraser', () => {
  test('asks the model for the count wanted, with the message and goal, and reads one paraphrase per line', async () => {
    const endpoint = fakeEndpoint('1. Could you turn the wifi on?\n2) "Wifi on please"\n- Switch on my Wi-Fi.\n\nextra line')
    const written = await modelParaphrases(wifiScenario, { paraphraser: chatParaphraser({ endpoint, model: 'small-model' }), model: 'small-model', count: 3 })
    expect(written).toEqual(['Could you turn the wifi on?', 'Wifi on please', 'Switch on my Wi-Fi.'])
    const [request] = endpoint.requests
    expect(request?.model).toBe('small-model')
    expect(request?.messages[1]).toEqual({ role: 'user', content: wifiScenario.firstMessage })
    expect(request?.messages[0]?.content).toContain(wifiScenario.user.goal)
    expect(request?.messages[0]?.content).toContain('3 different ways')
  })

  test('parseParaphrases drops markers and quotes and keeps at most count lines', () => {
    expect(parseParaphrases('* “one”\n\n2. two\nthree', 2)).toEqual(['one', 'two'])
  })
})
