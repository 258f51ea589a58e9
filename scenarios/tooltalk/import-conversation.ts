import { basename } from 'node:path'
import type { ToolTalkCall, ToolTalkIrregularity } from './domain/index.ts'
import { parseDateTime, toolTalkTool } from './domain/index.ts'
import type { JsonValue } from '../../src/world/index.ts'
import type { ConversationFile } from './read-conversation-file.ts'
import { readConversationFile } from './read-conversation-file.ts'
import type { ToolTalkConversation, ToolTalkTurn } from './tooltalk-conversation.ts'

/** A conversation file that cannot be imported; the message names the file and what was wrong. */
export class ToolTalkConversationError extends Error {
  readonly file: string

  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`)
    this.name = 'ToolTalkConversationError'
    this.file = file
  }
}

/**
 * Imports one parsed ToolTalk conversation file. Irregularities found in ToolTalk's own data are
 * reported, not fatal: missing, repeated or out-of-order turn indices; two user turns in a row (one
 * file opens with a scenario description as a user turn); a missing scenario; a name that differs
 * from the file name; roles in another case; tool calls on a user turn (kept as ground truth, as
 * ToolTalk's scorer counts them); `apis_used` that disagrees with the calls made. A timestamp
 * that is no real date and a call to a tool ToolTalk does not have are errors: nothing can run.
 */
export function importToolTalkConversation(content: JsonValue, file: string): ToolTalkConversation {
  const read = readConversationFile(content)
  if ('problems' in read) throw new ToolTalkConversationError(file, `not a ToolTalk conversation (${read.problems.slice(0, 5).join('; ')})`)
  const data: ConversationFile = read.file
  // The simulator's clock; a date that does not exist (2023-02-30) has the right shape but cannot run.
  try {
    parseDateTime(data.metadata.timestamp, 'metadata.timestamp')
  } catch (error) {
    throw new ToolTalkConversationError(file, (error as Error).message)
  }
  const irregularities: ToolTalkIrregularity[] = []
  const odd = (message: string) => irregularities.push({ file, message })
  const stem = basename(file).replace(/\.json$/, '')
  if (data.name !== stem) odd(`name "${data.name}" differs from the file name "${stem}"`)
  if (data.scenario === undefined || data.scenario.trim() === '') odd('no scenario text')
  const turns: ToolTalkTurn[] = []
  let indicesMissing = 0
  for (const [position, turn] of data.conversation.entries()) {
    const role = turn.role.toLowerCase()
    if (role !== 'user' && role !== 'assistant') throw new ToolTalkConversationError(file, `turn ${position} has role "${turn.role}"; expected user or assistant`)
    if (role !== turn.role) odd(`turn ${position} has role "${turn.role}"; read as ${role}`)
    if (turn.index === undefined) indicesMissing++
    else if (turn.index !== position) odd(`turn ${position} is numbered ${turn.index}; turns are taken in file order`)
    const previous = turns[turns.length - 1]
    if (role === 'user' && previous?.role === 'user') odd(`turns ${position - 1} and ${position} are both user turns (kept in order)`)
    if (role === 'user' && (turn.apis?.length ?? 0) > 0) odd(`user turn ${position} has tool calls; they count as ground truth, as in ToolTalk`)
    // A ground-truth call to a tool ToolTalk does not have can be neither replayed nor matched.
    const unknown = (turn.apis ?? []).find((api) => toolTalkTool(api.request.api_name) === undefined)
    if (unknown !== undefined) throw new ToolTalkConversationError(file, `turn ${position} calls ${unknown.request.api_name}, which is not one of ToolTalk's 28 tools`)
    const calls: ToolTalkCall[] = (turn.apis ?? []).map((api) => ({
      apiName: api.request.api_name,
      parameters: api.request.parameters,
      response: api.response,
      exception: api.exception,
    }))
    turns.push({ position, ...(turn.index === undefined ? {} : { recordedIndex: turn.index }), role, text: turn.text, calls })
  }
  if (indicesMissing > 0) odd(indicesMissing === turns.length ? 'no turn has an index' : `${indicesMissing} turns have no index`)
  if (!turns.some((turn) => turn.role === 'assistant')) odd('no assistant turn: nothing to evaluate')
  const used = new Set(turns.flatMap((turn) => turn.calls.map((call) => call.apiName)))
  const listed = new Set(data.apis_used)
  if (data.apis_used.length > 0 && (used.size !== listed.size || [...used].some((name) => !listed.has(name))))
    odd(`apis_used lists ${[...listed].sort().join(', ')} but the calls use ${[...used].sort().join(', ') || 'none'}`)
  const user = data.user
  return {
    file,
    name: data.name,
    conversationId: data.conversation_id,
    plugins: data.suites_used,
    toolsUsed: data.apis_used,
    ...(data.scenario === undefined ? {} : { scenario: data.scenario }),
    user: {
      username: user.username,
      ...(user.email === undefined ? {} : { email: user.email }),
      ...(user.phone === undefined ? {} : { phone: user.phone }),
      ...(user.name === undefined ? {} : { name: user.name }),
      ...(user.password === undefined ? {} : { password: user.password }),
      ...(user.session_token === undefined ? {} : { sessionToken: user.session_token }),
      ...(user.verification_code === undefined ? {} : { verificationCode: user.verification_code }),
    },
    location: data.metadata.location,
    timestamp: data.metadata.timestamp,
    ...(data.metadata.username === undefined ? {} : { metadataUsername: data.metadata.username }),
    turns,
    irregularities,
  }
}
