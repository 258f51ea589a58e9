import { InfrastructureError } from '../conversation/index.ts'

/**
 * A cassette file that exists but cannot be used: not JSON, not a cassette, or recorded under a
 * different key. The run ends with status `error`; the message names the file so it can be
 * deleted or re-recorded.
 */
export class CorruptCassetteError extends InfrastructureError {
  /** The cassette file. */
  readonly file: string

  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super('cache-corrupt', `the cassette ${file} is unusable (${problem}); delete it to record it again, or run with TOOLCHECK_CACHE=record`, options)
    this.name = 'CorruptCassetteError'
    this.file = file
  }
}
