import { z } from 'zod'
import { defineTool } from './define-tool.ts'

/** The name of the tool a simulated user calls to end the conversation. */
export const END_CONVERSATION_TOOL = 'end_conversation'

/**
 * The simulated user's way to end the conversation. The tool itself changes nothing in the world;
 * the run loop sees the call and stops the conversation. Every run offers it to the user, whatever
 * the domain; domains never list it.
 */
export const endConversation = defineTool({
  name: END_CONVERSATION_TOOL,
  group: 'conversation',
  description: 'Ends the conversation once the task is done or cannot be done.',
  args: z.object({}),
  returns: 'null',
  action: false,
  audience: ['user'],
  execute: () => null,
})
