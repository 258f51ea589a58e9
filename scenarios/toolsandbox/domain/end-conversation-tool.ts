import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'

/**
 * The simulated user's way to end the conversation. The tool itself changes nothing in the world;
 * the run loop sees the call and stops the conversation.
 */
export const endConversation = defineTool({
  name: 'end_conversation',
  domain: 'conversation',
  description: 'Ends the conversation once the task is done or cannot be done.',
  args: z.object({}),
  returns: 'null',
  action: false,
  audience: ['user'],
  execute: () => null,
})
