import { InfrastructureError } from '../conversation/index.ts'

/**
 * The cache's folder cannot be used as one: a file is at its path (or on the way to it). Every
 * call that reads or records fails alike, so the run ends with kind `cache-directory` and a
 * message that names the folder and what to do, rather than calling each cassette corrupt.
 */
export class CacheDirectoryError extends InfrastructureError {
  /** The cache's folder. */
  readonly directory: string

  constructor(directory: string, options?: { cause?: unknown }) {
    super(
      'cache-directory',
      `the cache folder ${directory} cannot be used: a file is in its place; remove the file, or point TOOLCHECK_CACHE_DIR (or the cache's directory) to a folder`,
      options,
    )
    this.name = 'CacheDirectoryError'
    this.directory = directory
  }
}
