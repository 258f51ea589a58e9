/** Where a command writes. Tests pass their own to capture output. */
export interface CommandIo {
  stdout(text: string): void
  stderr(text: string): void
}
