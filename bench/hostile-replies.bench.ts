import type { MockServer } from '../src/mock-server/index.ts'
import { startMockServer } from '../src/mock-server/index.ts'
import { openaiAgent } from '../src/roles/openai-agent.ts'
import { InfrastructureError } from '../src/roles/types.ts'
import { defineBenchmarks } from './harness.ts'

interface State {
  server: MockServer
  kind?: string
  peakRssGrowthMb: number
}

const REPLY_BYTES = 600 * 1024 * 1024

/**
 * A server answering with a 600 MB completion, read by an openai agent with the default limits
 * (8 MiB, four retries): the time from the call to its error, what the server managed to send,
 * and how much the process grew. The issue measured 111 s and 2 GB (the reply downloaded five
 * times, classified `network`) before replies had a size limit.
 */
function oversize(announce: boolean) {
  return {
    name: `a 600 MB reply (length ${announce ? 'announced' : 'not announced'}), default limits, to the error`,
    iterations: 1,
    targetMs: 2_000,
    setup: async (): Promise<State> => ({ server: await startMockServer({ respond: () => ({ fault: 'oversize', bytes: REPLY_BYTES, announce }) }), peakRssGrowthMb: 0 }),
    run: async (state: unknown) => {
      const bench = state as State
      const agent = openaiAgent({ model: 'oversize', baseURL: bench.server.baseURL, apiKey: 'bench', cache: false, env: {} })
      const baseline = process.memoryUsage().rss
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
      try {
        await agent.respond({ messages: [], tools: [], systemPrompt: 'bench' }, { scenario: undefined as never, trial: 0, seed: 0 })
      } catch (error) {
        if (!(error instanceof InfrastructureError)) throw error
        bench.kind = error.kind
      } finally {
        clearInterval(sampler)
      }
      bench.peakRssGrowthMb = Math.round((Math.max(peak, process.memoryUsage().rss) - baseline) / 1024 / 1024)
    },
    facts: async (state: unknown) => {
      const { server, kind, peakRssGrowthMb } = state as State
      const facts = { kind, requests: server.chatRequestCount, serverBytesSentMb: Math.round(server.chatBytesSent / 1024 / 1024), replyMb: REPLY_BYTES / 1024 / 1024, peakRssGrowthMb }
      await server.close()
      return facts
    },
  }
}

export default defineBenchmarks([oversize(true), oversize(false)])
