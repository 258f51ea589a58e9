/** The failure of a test that stands for a scenario file that could not be loaded, or for a repeated id or label. */
export class ScenarioTableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ScenarioTableError'
  }
}
