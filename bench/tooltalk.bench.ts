import { fileURLToPath } from 'node:url'
import { existsSync } from 'node:fs'
import type { ToolTalkDataset } from '../scenarios/tooltalk/index.ts'
import { evaluateToolTalkConversation, loadToolTalkDataset, referenceToolTalkAgent, replayToolTalkConversation } from '../scenarios/tooltalk/index.ts'
import { defineBenchmarks } from './harness.ts'

const data = fileURLToPath(new URL('../../shared/tooltalk/data/', import.meta.url))
const available = existsSync(`${data}databases/Account.json`)

export default defineBenchmarks(
  available
    ? [
        {
          name: 'ToolTalk: replay every ground-truth call of the hard folder',
          iterations: 10,
          targetMs: 100,
          setup: () => loadToolTalkDataset(`${data}tooltalk`),
          run: (state) => {
            const dataset = state as ToolTalkDataset
            return dataset.conversations.map((conversation) => replayToolTalkConversation(conversation, dataset.databases.world))
          },
        },
        {
          name: 'ToolTalk: evaluate the reference agent on the hard folder (all turns, replays, scoring)',
          iterations: 5,
          targetMs: 500,
          setup: () => loadToolTalkDataset(`${data}tooltalk`),
          run: async (state) => {
            const dataset = state as ToolTalkDataset
            for (const conversation of dataset.conversations)
              await evaluateToolTalkConversation(conversation, referenceToolTalkAgent(conversation), { world: dataset.databases.world })
          },
        },
      ]
    : [],
)
