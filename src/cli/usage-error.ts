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
