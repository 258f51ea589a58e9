/** A judge module (`judge: './my-judge.ts'`, `--judge ./my-judge.mjs`) that cannot be found or gives no judge function. */
export class JudgeModuleError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'JudgeModuleError'
  }
}
