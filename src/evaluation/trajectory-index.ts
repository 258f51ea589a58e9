import type { Message, ToolCall, ToolTrace, Trajectory } from '../conversation/index.ts'
import type { Row, Table, WorldSnapshot } from '../world/index.ts'
import { canonicalJson, tableRows } from '../world/index.ts'

/** Options of `TrajectoryIndex`. */
export interface TrajectoryIndexOptions {
  /**
   * Which world the answers to one message's parallel calls show:
   * - `per-call` (toolcheck's): each answer shows the world right after its own call;
   * - `per-batch` (ToolSandbox's): every answer shows the world after the whole batch, since
   *   ToolSandbox writes all of a batch's changes into one snapshot, filed under its first answer.
   */
  readonly parallelSnapshots?: 'per-call' | 'per-batch'
}

/**
 * Lookups over one trajectory that evaluation repeats many times, answered from caches: the
 * world at a message, and a small integer per distinct table content ("version"), so that two
 * messages whose table is unchanged compare with one integer comparison. Snapshots share the
 * arrays of unchanged tables, so most lookups hit the identity cache without hashing any row.
 */
export class TrajectoryIndex {
  readonly trajectory: Trajectory
  /** Every table name in any snapshot of the trajectory, sorted. */
  readonly tableNames: readonly string[]
  readonly #versionOfArray = new Map<Table, number>()
  readonly #versionOfContent = new Map<string, number>()
  readonly #rowsOfVersion: Table[] = []
  readonly #versionsByTable = new Map<string, Int32Array>()
  readonly #interned = new Map<string, number>()
  readonly #rowKeys = new WeakMap<Row, string>()
  // −2: not computed yet.
  readonly #callKeys: Int32Array
  /** The snapshot each message shows, where it differs from the message's own (batched answers). */
  readonly #snapshotOf = new Map<number, number>()
  #tracesByCallId: Map<string, ToolTrace> | undefined

  constructor(trajectory: Trajectory, options: TrajectoryIndexOptions = {}) {
    this.trajectory = trajectory
    const names = new Set<string>()
    for (const snapshot of trajectory.snapshots) for (const name of Object.keys(snapshot.tables)) names.add(name)
    this.tableNames = [...names].sort()
    this.#callKeys = new Int32Array(trajectory.messages.length).fill(-2)
    if (options.parallelSnapshots === 'per-batch') this.#shareBatchSnapshots()
  }

  /** The message at `index`. */
  message(index: number): Message | undefined {
    return this.trajectory.messages[index]
  }

  /**
   * The world right after message `index` (the starting world when the index is out of range);
   * with `per-batch` parallel snapshots, every answer of a batch shows the world after the batch.
   */
  snapshotAt(index: number): WorldSnapshot {
    const message = this.trajectory.messages[index]
    const snapshots = this.trajectory.snapshots
    return snapshots[this.#snapshotOf.get(index) ?? message?.snapshot ?? 0] ?? snapshots[0] ?? EMPTY_WORLD
  }

  /**
   * The tool trace of the call with this id: the environment's answer carries it. Undefined while
   * a call has no answer (the run stopped first).
   */
  traceOfCall(callId: string): ToolTrace | undefined {
    if (this.#tracesByCallId === undefined) {
      this.#tracesByCallId = new Map()
      for (const message of this.trajectory.messages) if (message.toolResult !== undefined) this.#tracesByCallId.set(message.toolResult.callId, message.toolResult)
    }
    return this.#tracesByCallId.get(callId)
  }

  /** The calls an agent (or user) message requests, if any. */
  requestedCalls(index: number): readonly ToolCall[] | undefined {
    const calls = this.trajectory.messages[index]?.toolCalls
    return calls === undefined || calls.length === 0 ? undefined : calls
  }

  /** The version number of `table` right after message `index`. */
  tableVersion(index: number, table: string): number {
    let versions = this.#versionsByTable.get(table)
    if (versions === undefined) {
      versions = new Int32Array(Math.max(1, this.trajectory.messages.length)).fill(-1)
      this.#versionsByTable.set(table, versions)
    }
    const cached = versions[index]
    if (cached !== undefined && cached >= 0) return cached
    const version = this.#versionOf(tableRows(this.snapshotAt(index), table))
    if (index >= 0 && index < versions.length) versions[index] = version
    return version
  }

  /** The rows of a table version. */
  rowsOf(version: number): Table {
    return this.#rowsOfVersion[version] ?? []
  }

  /** The tool trace a message carries, if any. */
  trace(index: number): ToolTrace | undefined {
    return this.trajectory.messages[index]?.toolResult
  }

  /**
   * A row's canonical JSON, remembered: snapshots share unchanged rows, so the same row objects
   * are compared again for every pair of table versions.
   */
  rowKey(row: Row): string {
    let key = this.#rowKeys.get(row)
    if (key === undefined) {
      key = canonicalJson(row)
      this.#rowKeys.set(row, key)
    }
    return key
  }

  /**
   * A small integer per distinct tool call (tool and arguments) of the trace message `index`
   * carries (−1 without one), shared by every tool-call constraint so that each call's
   * arguments are serialised once.
   */
  callKey(index: number): number {
    const cached = this.#callKeys[index]
    if (cached !== undefined && cached !== -2) return cached
    const trace = this.trace(index)
    const key = trace === undefined ? -1 : this.intern(canonicalJson({ tool: trace.tool, arguments: trace.arguments }))
    if (index >= 0 && index < this.#callKeys.length) this.#callKeys[index] = key
    return key
  }

  /** A small integer per distinct string (equal strings, equal numbers). */
  intern(text: string): number {
    let id = this.#interned.get(text)
    if (id === undefined) {
      id = this.#interned.size
      this.#interned.set(text, id)
    }
    return id
  }

  /** Points every answer of a message's parallel calls at the snapshot of the batch's last answer. */
  #shareBatchSnapshots(): void {
    const messages = this.trajectory.messages
    for (const [index, message] of messages.entries()) {
      if (message.toolCalls === undefined || message.toolCalls.length < 2) continue
      const ids = new Set(message.toolCalls.map((call) => call.id))
      const answers: number[] = []
      for (let next = index + 1; next < messages.length; next++) {
        const callId = messages[next]?.toolResult?.callId
        if (callId === undefined || !ids.has(callId)) break
        answers.push(next)
      }
      const last = messages[answers.at(-1) ?? -1]
      if (last === undefined) continue
      for (const answer of answers) this.#snapshotOf.set(answer, last.snapshot)
    }
  }

  #versionOf(rows: Table): number {
    const known = this.#versionOfArray.get(rows)
    if (known !== undefined) return known
    // The canonical JSON of the table, from its rows' remembered texts: snapshots share rows, so
    // only rows new to this version are serialised.
    const content = `[${rows.map((row) => this.rowKey(row)).join(',')}]`
    let version = this.#versionOfContent.get(content)
    if (version === undefined) {
      version = this.#rowsOfVersion.length
      this.#rowsOfVersion.push(rows)
      this.#versionOfContent.set(content, version)
    }
    this.#versionOfArray.set(rows, version)
    return version
  }
}

const EMPTY_WORLD: WorldSnapshot = Object.freeze({ tables: Object.freeze({}), info: Object.freeze({}) })
