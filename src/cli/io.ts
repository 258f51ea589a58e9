/** Where a command writes. Tests pass their own to capture output. */
export interface CommandIo {
  stdout(text: string): void
  stderr(text: string): void
  /**
   * Whether stderr is a terminal: long commands then redraw one progress line in place, and
   * otherwise write a progress line now and then. False when absent.
   */
  readonly terminal?: boolean
}
