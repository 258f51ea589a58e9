import type { z } from 'zod'

/** One problem of a scenario: where it is (a path into the scenario) and what is wrong. */
export interface ScenarioIssue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/**
 * A scenario that failed validation, against the schema or against its domain; the message names
 * the scenario (or its file) and every issue with its path.
 */
export class ScenarioError extends Error {
  readonly issues: readonly ScenarioIssue[]
  /** What the scenario was named by in the message: its file when loaded from one, else its id (or the name given). */
  readonly source: string

  constructor(source: string, problems: z.ZodError | readonly ScenarioIssue[]) {
    const issues: readonly ScenarioIssue[] = Array.isArray(problems) ? problems : (problems as z.ZodError).issues.map((issue) => ({ path: issue.path, message: issue.message }))
    const lines = issues.map((issue) => `  - ${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`)
    super(`invalid scenario ${source}:\n${lines.join('\n')}`)
    this.name = 'ScenarioError'
    this.issues = issues
    this.source = source
  }
}
