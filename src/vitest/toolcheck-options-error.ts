/** An invalid `toolcheck()` option or combination of options; the message names what is wrong and what is accepted. */
export class ToolcheckOptionsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolcheckOptionsError'
  }
}
