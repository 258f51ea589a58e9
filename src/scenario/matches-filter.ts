/**
 * Whether `toolcheck eval --filter <filter>` selects a scenario: its id contains the text, or it
 * has the text as a category. Every scenario matches an absent or empty filter. Takes the id and
 * categories alone, so that a scenario can be chosen before it is validated.
 */
export function matchesFilter(scenario: { readonly id: string; readonly categories: readonly string[] }, filter: string | undefined): boolean {
  return filter === undefined || filter === '' || scenario.id.includes(filter) || scenario.categories.includes(filter)
}
