import type { ToolTalkCall, ToolTalkIrregularity } from './domain/index.ts'

/** One turn of an imported ToolTalk conversation. */
export interface ToolTalkTurn {
  /** The turn's position in the file (0-based), which is what order means here. */
  readonly position: number
  /** The `index` the file gave, when it gave one. */
  readonly recordedIndex?: number
  readonly role: 'user' | 'assistant'
  readonly text: string
  /** The ground-truth calls of an assistant turn, in order (none on user turns). */
  readonly calls: readonly ToolTalkCall[]
}

/** A ToolTalk conversation in toolcheck's terms. */
export interface ToolTalkConversation {
  /** The file it came from. */
  readonly file: string
  readonly name: string
  readonly conversationId: string
  /** ToolTalk's `suites_used`. */
  readonly plugins: readonly string[]
  /** ToolTalk's `apis_used`. */
  readonly toolsUsed: readonly string[]
  readonly scenario?: string
  readonly user: {
    readonly username: string
    readonly email?: string
    readonly phone?: string
    readonly name?: string
    readonly password?: string
    /** Present when the conversation starts logged in. */
    readonly sessionToken?: string
    /** A password-reset code already sent before the conversation. */
    readonly verificationCode?: string
  }
  readonly location: string
  /** The conversation's "now": `YYYY-MM-DD HH:MM:SS`. */
  readonly timestamp: string
  /** The username the system prompt names (ToolTalk's `metadata.username`). */
  readonly metadataUsername?: string
  readonly turns: readonly ToolTalkTurn[]
  /** What was odd about the file; none of it stopped the import. */
  readonly irregularities: readonly ToolTalkIrregularity[]
}

/** All ground-truth calls of a conversation, in order, with the turn each belongs to. */
export function groundTruthCalls(conversation: ToolTalkConversation): { readonly turn: number; readonly call: ToolTalkCall }[] {
  return conversation.turns.flatMap((turn) => turn.calls.map((call) => ({ turn: turn.position, call })))
}
