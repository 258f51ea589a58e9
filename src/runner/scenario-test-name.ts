// The names of scenario tests, in a module of their own: the command's thread reads labels back
// from them without loading what builds the tests.

/**
 * The name of the test of `scenarioId` under the augmentation labelled `label` (`none` when
 * plain): `<id> <<label>>`. It holds the whole id and label, uncut, and is unique in its table;
 * within a `describe` block its full name (`toolcheck scenarios > wifi-on <none>`, as the report
 * gives it) is no part of another test's, so `vitest -t "<full name>"` runs exactly that test
 * (for labels without regular-expression characters, which the built-in labels are).
 */
export function scenarioTestName(scenarioId: string, label: string): string {
  return `${scenarioId} <${label}>`
}

/** The label `scenarioTestName` put in the name of a test of `scenarioId`; undefined for a name it did not make. */
export function scenarioTestLabel(scenarioId: string, testName: string): string | undefined {
  const prefix = `${scenarioId} <`
  return testName.startsWith(prefix) && testName.endsWith('>') ? testName.slice(prefix.length, -1) : undefined
}
