import type { Message, Trajectory } from '../conversation/index.ts'
import type { MilestoneMatch } from './types.ts'

/**
 * A trajectory as ToolSandbox's conversation table holds it, for scoring as ToolSandbox does:
 * - a message with several parallel calls is one row per call (ToolSandbox's agents send each
 *   call as a message of its own, in the order the model listed them), each row showing the world
 *   before the batch;
 * - the answers to a batch all show the world after the whole batch (ToolSandbox files every
 *   write of a batch under the batch's first answer).
 * `messageOf[row]` is the message a row comes from, so a placement on a row can be reported on
 * the message.
 */
export interface ToolSandboxTable {
  readonly trajectory: Trajectory
  readonly messageOf: readonly number[]
  /** How a row is named in reasons: `message 7`, or `message 7 (call 2 of 3)` for a batch's row. */
  readonly labels: readonly string[]
  /** Whether any message became several rows (when none did, rows are messages). */
  readonly split: boolean
}

/** The conversation table of a trajectory (see `ToolSandboxTable`). */
export function toolSandboxTable(trajectory: Trajectory): ToolSandboxTable {
  const rows: Message[] = []
  const messageOf: number[] = []
  const labels: string[] = []
  const firstRowOf: number[] = []
  let split = false
  for (const [index, message] of trajectory.messages.entries()) {
    firstRowOf.push(rows.length)
    const calls = message.toolCalls ?? []
    if (calls.length < 2) {
      rows.push({ ...message, index: rows.length })
      messageOf.push(index)
      labels.push(`message ${index}`)
      continue
    }
    split = true
    for (const [position, call] of calls.entries()) {
      rows.push({ ...message, index: rows.length, toolCalls: [call] })
      messageOf.push(index)
      labels.push(`message ${index} (call ${position + 1} of ${calls.length})`)
    }
  }
  // The answers to a batch follow it; they all show the snapshot of the last one.
  for (const [index, message] of trajectory.messages.entries()) {
    const calls = message.toolCalls ?? []
    if (calls.length < 2) continue
    const ids = new Set(calls.map((call) => call.id))
    const answers: number[] = []
    for (let next = index + 1; next < trajectory.messages.length; next++) {
      const callId = trajectory.messages[next]?.toolResult?.callId
      if (callId === undefined || !ids.has(callId)) break
      answers.push(firstRowOf[next] as number)
    }
    const last = rows[answers.at(-1) ?? -1]
    if (last !== undefined) for (const row of answers) rows[row] = { ...(rows[row] as Message), snapshot: last.snapshot }
  }
  const first = trajectory.firstUserMessageIndex
  const firstUserMessageIndex = first >= 0 && first < firstRowOf.length ? (firstRowOf[first] as number) : first
  return { trajectory: { ...trajectory, messages: rows, firstUserMessageIndex }, messageOf, labels, split }
}

/**
 * A match placed on the table's rows, reported on the trajectory's messages: its message index,
 * its closest message's, and every `message N` of its reasons.
 */
export function matchOnMessages(match: MilestoneMatch, table: ToolSandboxTable): MilestoneMatch {
  if (!table.split) return match
  const message = (row: number) => table.messageOf[row] ?? row
  const text = (reason: string) => reason.replace(/\bmessage (\d+)\b/g, (whole, row: string) => table.labels[Number(row)] ?? whole).replace(/\(index (\d+)\)/g, (whole, row: string) => `(index ${message(Number(row))})`)
  const candidate = match.bestCandidate
  return {
    ...match,
    messageIndex: message(match.messageIndex),
    reason: text(match.reason),
    constraints: match.constraints.map((constraint) => ({ ...constraint, reason: text(constraint.reason) })),
    ...(candidate === undefined ? {} : { bestCandidate: { ...candidate, messageIndex: message(candidate.messageIndex), reason: text(candidate.reason) } }),
  }
}
