/** A token count for a table: `812`, `12.3k`, `4.56M`. */
export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens)
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(tokens < 10_000 ? 2 : 1)}k`
  return `${(tokens / 1_000_000).toFixed(2)}M`
}

/** A cost in US dollars: four decimals below a dollar (model calls are cheap), two above. */
export function formatCost(usd: number): string {
  return usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`
}
