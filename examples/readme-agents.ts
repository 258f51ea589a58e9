import { functionAgent, turnAgent } from 'vitest-toolcheck'

// The two agents of the README's tour (step 2), word for word: a test plays them under
// ToolSandbox's eight variants, scrambled tool names included.

// Your code, either boundary. Call a tool by the name it is shown under (spec.name): scrambles rename it; spec.tool is the tool behind it
const stepLevel = functionAgent(({ tools, lastUserMessage, latestToolResults }) => {
  const wifi = tools.find((spec) => spec.tool === 'set_wifi_status')
  if (wifi === undefined || latestToolResults().length > 0 || !lastUserMessage()?.includes('wifi')) return 'Done.'
  return [{ name: wifi.name, arguments: { on: true } }]
})
const turnLevel = turnAgent('my-loop', async ({ tools }) => {
  await tools.find((tool) => tool.spec.tool === 'set_wifi_status')?.call({ on: true })
  return 'Done.'
})

export { stepLevel, turnLevel }
