/**
 * Tools of the agent's own whose names are those of scenario tools: the model could not tell them
 * apart, and the run could not tell which one a call meant. Every adapter refuses them alike.
 */
export class OwnToolClashError extends Error {
  /** The names in both sets. */
  readonly names: readonly string[]

  constructor(entryPoint: string, names: readonly string[]) {
    super(`${entryPoint}: your own tools ${names.map((name) => `\`${name}\``).join(', ')} have the names of scenario tools the agent is given; rename them`)
    this.name = 'OwnToolClashError'
    this.names = names
  }
}
