import { z } from 'zod'
import { defineScenario } from '../../src/scenario/index.ts'
import { defineTool } from '../../src/tools/define-tool.ts'
import { createRegistry } from '../../src/tools/tool-registry.ts'

/** A few small tools over three domains, enough to rank, scramble and present. */
export const fixtureTools = [
  defineTool({
    name: 'send_message_with_phone_number',
    group: 'messaging',
    description: 'Sends a text message to a phone number.',
    args: z.object({
      phone_number: z.string().describe('The recipient phone number.'),
      content: z.string().describe('The text of the message.'),
    }),
    returns: 'the id of the new message',
    action: true,
    execute: () => 'm1',
  }),
  defineTool({
    name: 'search_messages',
    group: 'messaging',
    description: 'Finds messages.',
    args: z.object({ content: z.string().optional().describe('Text the message contains.') }),
    returns: 'the matching messages',
    action: false,
    execute: () => [],
  }),
  defineTool({
    name: 'search_contacts',
    group: 'contacts',
    description: 'Finds contacts.',
    args: z.object({ name: z.string().optional().describe('Part of the name.') }),
    returns: 'the matching contacts',
    action: false,
    execute: () => [],
  }),
  defineTool({
    name: 'add_contact',
    group: 'contacts',
    description: 'Adds a contact.',
    args: z.object({ name: z.string().describe('The name.'), phone_number: z.string().describe('The number.') }),
    returns: 'the new person id',
    action: true,
    execute: () => 'p1',
  }),
  defineTool({
    name: 'get_wifi_status',
    group: 'settings',
    description: 'Whether Wi-Fi is on.',
    args: z.object({}),
    returns: 'true when on',
    action: false,
    execute: () => true,
  }),
  defineTool({
    name: 'set_wifi_status',
    group: 'settings',
    description: 'Turns Wi-Fi on or off.',
    args: z.object({ on: z.boolean().describe('Whether Wi-Fi should be on.') }),
    returns: 'nothing',
    action: true,
    execute: () => null,
  }),
  defineTool({
    name: 'get_cellular_service_status',
    group: 'settings',
    description: 'Whether cellular service is on.',
    args: z.object({}),
    returns: 'true when on',
    action: false,
    execute: () => true,
  }),
  defineTool({
    name: 'end_conversation',
    group: 'user',
    description: 'Ends the conversation.',
    args: z.object({}),
    returns: 'nothing',
    action: false,
    audience: ['user'],
    execute: () => null,
  }),
]

export const fixtureRegistry = createRegistry(fixtureTools)

/** A scenario that allows the messaging tools and denies adding contacts. */
export const fixtureScenario = defineScenario({
  id: 'fixture-send',
  categories: ['SINGLE_TOOL_CALL'],
  user: { goal: 'Text 555-0100 hello.', knowledge: 'Nothing else.' },
  firstMessage: 'Text 555-0100 saying hello.',
  paraphrases: [{ text: 'Send hello to 555-0100.' }],
  tools: { allow: ['send_message_with_phone_number', 'search_messages', 'end_conversation'], deny: ['add_contact'] },
  reference: [{ agent: 'call', calls: [{ tool: 'send_message_with_phone_number', arguments: { phone_number: '555-0100', content: 'hello' } }] }, { user: 'end' }],
})
