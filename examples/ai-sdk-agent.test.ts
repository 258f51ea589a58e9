import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { generateText, stepCountIs } from 'ai'
import { turnAgent } from 'vitest-toolcheck'
import { aiSdkAgent, aiSdkMessages, aiSdkTools } from 'vitest-toolcheck/ai-sdk'
import { scriptedModel, startMockServer } from 'vitest-toolcheck/mock-server'
import { playScenario } from 'vitest-toolcheck/vitest'
import { afterAll, test } from 'vitest'
import { wifiBehindLowBattery } from './wifi-scenario.ts'

// An agent built with the Vercel AI SDK. Here its model is the local OpenAI-compatible server
// playing the scenario's reference solution; in your project it is your provider's model
// (openai('gpt-4o-mini'), anthropic(...), createOpenAICompatible({ baseURL }) for vLLM or Ollama).
const server = await startMockServer({ respond: scriptedModel([wifiBehindLowBattery]) })
afterAll(() => server.close())
const provider = createOpenAICompatible({ name: 'local', baseURL: server.baseURL, apiKey: 'not-needed-locally' })

test('an AI SDK agent: your model and your generateText options', async (context) => {
  const agent = aiSdkAgent({
    model: provider(wifiBehindLowBattery.id),
    instructions: 'You operate the user’s phone. Fix what blocks a setting before changing it.',
    stopWhen: stepCountIs(8),
    cache: false,
  })
  const run = await playScenario(wifiBehindLowBattery, { agent, context })
  await context.expect(run).toHitMilestones()
  await context.expect(run).toAvoidMinefields()
})

test('the agent loop you already have, wrapped unchanged', async (context) => {
  const myLoop = turnAgent('my-generate-text-loop', async (turn) => {
    const result = await generateText({
      model: provider(wifiBehindLowBattery.id),
      instructions: turn.systemPrompt,
      messages: aiSdkMessages(turn.messages),
      tools: await aiSdkTools(turn), // the scenario's tools, executing in toolcheck's world
      stopWhen: stepCountIs(8),
      abortSignal: turn.signal, // the message budget and cancellation stop the loop
    })
    return result.text
  })
  const run = await playScenario(wifiBehindLowBattery, { agent: myLoop, context })
  await context.expect(run).toScoreAtLeast(1)
})
