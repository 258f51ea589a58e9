import { z } from 'zod'
import { jsonValueSchema } from '../../src/scenario/index.ts'

/** One recorded tool call of a ToolTalk conversation file. */
export const recordedCallSchema = z.object({
  request: z.object({ api_name: z.string().min(1), parameters: z.record(z.string(), jsonValueSchema) }),
  response: jsonValueSchema.nullable().default(null),
  exception: z.string().nullable().default(null),
})

/** One turn of a ToolTalk conversation file; `index` is missing in some files. */
export const recordedTurnSchema = z.object({
  index: z.number().int().optional(),
  role: z.string(),
  text: z.string(),
  apis: z.array(recordedCallSchema).optional(),
})

/**
 * A ToolTalk conversation file, as a zod schema (not strict: unknown fields are left out).
 * `scenario` is missing in three of ToolTalk's files; `session_token` and `verification_code` on
 * the user are optional. Importing a conversation does not use it: `readConversationFile` reads
 * the same files by hand, with the same problems named the same way, and without loading zod.
 */
export const conversationFileSchema = z.object({
  name: z.string().min(1),
  conversation_id: z.union([z.string(), z.number()]).transform(String),
  suites_used: z.array(z.string()).default([]),
  apis_used: z.array(z.string()).default([]),
  scenario: z.string().optional(),
  user: z.object({
    username: z.string().min(1),
    email: z.string().optional(),
    phone: z.string().optional(),
    name: z.string().optional(),
    password: z.string().optional(),
    session_token: z.string().optional(),
    verification_code: z.string().optional(),
  }),
  metadata: z.object({
    location: z.string(),
    timestamp: z.string().regex(/^\d{4}-\d{1,2}-\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}$/, 'expected YYYY-MM-DD HH:MM:SS'),
    session_token: z.string().optional(),
    username: z.string().optional(),
  }),
  conversation: z.array(recordedTurnSchema).min(1),
})

