/**
 * A command-line mistake: an unknown option, a missing or wrong value, a stray argument. The
 * message names what was wrong and what is accepted; `toolcheck` prints it with the command's
 * usage and exits with 2.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/**
 * Whether `error` is a `UsageError`. Told apart by name rather than by class: the built package
 * runs the ToolTalk command from a bundle, which carries its own copy of the class.
 */
export function isUsageError(error: unknown): error is UsageError {
  return error instanceof Error && error.name === 'UsageError'
}
