import { z } from 'zod'
import type { Trajectory } from '../conversation/index.ts'
import type { Scenario } from '../scenario/index.ts'
import type { TableDiff } from '../world/index.ts'
import { diffWorlds, keyColumns } from '../world/index.ts'
import { shownTools } from './shown-tools.ts'
import type { Transcript, TranscriptMessage } from './transcript-schema.ts'
import { tableDiffSchema, transcriptSchema } from './transcript-schema.ts'

/** The annotation type under which a run's transcript is attached to its test. */
export const TRANSCRIPT_ANNOTATION_TYPE = 'toolcheck:transcript'

export type { Transcript, TranscriptMessage } from './transcript-schema.ts'
export { transcriptSchema } from './transcript-schema.ts'

/**
 * Builds the transcript of a trajectory; `trial` overrides the trajectory's own trial number (a
 * test run with vitest `repeats` numbers trials by repeat). With `scenario`, the tools the agent
 * was shown are marked as distractions where the scenario does not allow them.
 */
export function buildTranscript(trajectory: Trajectory, trial: number = trajectory.trial, scenario?: Pick<Scenario, 'tools'>): Transcript {
  const keys: Record<string, string[]> = {}
  const displays: Record<string, string> = {}
  let previousSnapshot = 0
  const messages = trajectory.messages.map((message): TranscriptMessage => {
    const before = trajectory.snapshots[previousSnapshot]
    const after = trajectory.snapshots[message.snapshot]
    const changes: TableDiff[] =
      message.snapshot !== previousSnapshot && before !== undefined && after !== undefined ? diffWorlds(before, after) : []
    previousSnapshot = message.snapshot
    for (const diff of changes) {
      const info = after?.info[diff.table] ?? before?.info[diff.table]
      const key = keyColumns(info)
      if (key.length > 0) keys[diff.table] = [...key]
      if (info?.display !== undefined) displays[diff.table] = info.display
    }
    return {
      index: message.index,
      sender: message.sender,
      recipient: message.recipient,
      content: message.content,
      ...(message.toolCalls === undefined ? {} : { toolCalls: message.toolCalls.map((call) => ({ ...call })) }),
      ...(message.toolResult === undefined ? {} : { toolResult: { ...message.toolResult } }),
      ...(changes.length === 0 ? {} : { changes: changes.map(plainDiff) }),
      ...(message.ended === true ? { ended: true } : {}),
    }
  })
  const tools = shownTools(trajectory, scenario ?? { tools: { allow: (trajectory.tools ?? []).map((spec) => spec.tool), deny: [] } })
  return {
    scenario: trajectory.scenarioId,
    augmentation: trajectory.augmentation,
    trial,
    agent: trajectory.agent,
    firstUserMessageIndex: trajectory.firstUserMessageIndex,
    messages,
    ...(Object.keys(keys).length === 0 ? {} : { keys }),
    ...(Object.keys(displays).length === 0 ? {} : { displays }),
    ...(tools === undefined ? {} : { tools: tools.map((tool) => ({ ...tool, changes: [...tool.changes] })) }),
  }
}

/** The attachment that carries a transcript on a test annotation. */
export function transcriptAttachment(transcript: Transcript): { contentType: string; body: string; bodyEncoding: 'utf-8' } {
  return { contentType: 'application/json', body: JSON.stringify(transcript), bodyEncoding: 'utf-8' }
}

/** Reads a transcript back from an annotation's attachment; `undefined` when it is not one. */
export function readTranscript(attachment: { body?: string | Uint8Array | undefined; bodyEncoding?: string | undefined } | undefined): Transcript | undefined {
  if (attachment?.body === undefined) return undefined
  const text =
    typeof attachment.body !== 'string'
      ? new TextDecoder().decode(attachment.body)
      : attachment.bodyEncoding === 'utf-8'
        ? attachment.body
        : Buffer.from(attachment.body, 'base64').toString('utf8')
  try {
    const parsed = transcriptSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function plainDiff(diff: TableDiff): z.infer<typeof tableDiffSchema> {
  return {
    table: diff.table,
    added: diff.added.map((row) => ({ ...row })),
    removed: diff.removed.map((row) => ({ ...row })),
    updated: diff.updated.map((update) => ({ before: { ...update.before }, after: { ...update.after }, columns: [...update.columns] })),
  }
}
