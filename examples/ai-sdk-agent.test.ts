import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { generateText, stepCountIs } from 'ai'
import { turnAgent } from 'vitest-toolcheck'
import { aiSdkAgent, aiSdkTurn } from 'vitest-toolcheck/ai-sdk'
import { scriptedModel, startMockServer } from 'vitest-toolcheck/mock-server'
import { builtInScenarios } from 'vitest-toolcheck/scenarios'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'

// A built-in scenario: the user wants Wi-Fi, and low battery mode (which blocks it) is on.
const wifi = builtInScenarios({ ids: ['turn-on-wifi-in-low-battery-mode'] })[0]!

// An agent built with the Vercel AI SDK. Here its model is the local OpenAI-compatible server
// playing the scenario's reference solution; in your project it is your provider's model
// (openai('gpt-4o-mini'), anthropic(...), createOpenAICompatible({ baseURL }) for vLLM or Ollama).
const server = await startMockServer({ respond: scriptedModel([wifi]) })
afterAll(() => server.close())
const provider = createOpenAICompatible({ name: 'local', baseURL: server.baseURL, apiKey: 'not-needed-locally' })

test('an AI SDK agent: your model and your generateText options', async (context) => {
  const agent = aiSdkAgent({
    model: provider(wifi.id),
    instructions: 'You operate the user’s phone. Fix what blocks a setting before changing it.',
    stopWhen: stepCountIs(8),
    cache: false,
  })
  const run = await playScenario(wifi, { agent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
})

test('the agent loop you already have, wrapped unchanged', async (context) => {
  const myLoop = turnAgent('my-generate-text-loop', async (turn, { trial, seed }) => {
    const result = await generateText({
      // The model behind toolcheck's limits and cache, the scenario's tools, the conversation,
      // the turn's abort signal, and the recording of each step.
      ...(await aiSdkTurn(turn, { trial, seed }, { model: provider(wifi.id), cache: false })),
      instructions: turn.systemPrompt,
      stopWhen: stepCountIs(8),
    })
    return result.text
  })
  const run = await playScenario(wifi, { agent: myLoop, context })
  await context.expect(run).toScoreAtLeast(1)
})
