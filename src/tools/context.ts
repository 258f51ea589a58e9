import type { WorldDraft } from '../world/index.ts'

/**
 * A scenario's frozen clock: the same instant for the whole run, and the time zone that local
 * dates and times are read in. Nothing on a scenario's path reads the wall clock.
 */
export interface Clock {
  /** Seconds since the Unix epoch (may have a fraction). */
  readonly now: number
  /** An IANA time zone name, such as `America/Los_Angeles`. */
  readonly timeZone: string
}

/** Deterministic ids: the n-th id of a run depends only on the run's seed and n. */
export interface IdSource {
  /** A new id, shaped like a UUID. */
  next(): string
  /** The number of ids handed out so far. */
  readonly count: number
  /** An independent copy that continues the same sequence (for trying tool-call orders). */
  fork(): IdSource
}

/** What a tool implementation receives besides its arguments. */
export interface ToolContext {
  readonly world: WorldDraft
  readonly clock: Clock
  readonly ids: IdSource
  /**
   * Fires when the call has run out of time or the run is cancelled; a tool that waits on
   * something (a server, a child process) passes it on. Absent outside a run.
   */
  readonly signal?: AbortSignal
}

/** Makes an id source from a seed. Ids look like version-4 UUIDs but replay from the seed. */
export function seededIds(seed: string | number, start = 0): IdSource {
  let count = start
  const source: IdSource = {
    next() {
      const id = uuidFromHash(`${seed}:${count}`)
      count++
      return id
    },
    get count() {
      return count
    },
    fork: () => seededIds(seed, count),
  }
  return source
}

/** A UUID-shaped string from a 128-bit FNV-1a style hash of `text` (not cryptographic; stable). */
export function uuidFromHash(text: string): string {
  const parts = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b]
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    for (let lane = 0; lane < parts.length; lane++) {
      let value = (parts[lane] as number) ^ (code + lane * 0x3b)
      value = Math.imul(value, 0x01000193 + lane * 2)
      value ^= value >>> 15
      parts[lane] = value >>> 0
    }
  }
  const hex = parts.map((part) => part.toString(16).padStart(8, '0')).join('')
  const variant = ((parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
