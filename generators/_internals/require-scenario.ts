/**
 * Throws a `TypeError` that shows the call to write when a generator that draws from a scenario
 * (its tools, its paraphrases) is called without one, as plain JavaScript or a cast lets it be;
 * otherwise the first draw would fail deep inside with "cannot read properties of undefined".
 */
export function requireScenario(generator: string, constraints: unknown): void {
  const scenario = (constraints as { readonly scenario?: unknown } | null | undefined)?.scenario
  if (typeof scenario === 'object' && scenario !== null) return
  throw new TypeError(`${generator} draws from a scenario's tools and paraphrases, so it takes the scenario: ${generator}({ scenario })`)
}
