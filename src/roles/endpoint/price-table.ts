/** Prices of one model in US dollars per million tokens. */
export interface ModelPrice {
  readonly inputPerMillion: number
  readonly outputPerMillion: number
}

/** Prices by model name, as the endpoint names the model. */
export type PriceTable = Readonly<Record<string, ModelPrice>>

/** The cost of a call in US dollars, or undefined when the model has no price in the table. */
export function costOf(model: string, promptTokens: number, completionTokens: number, prices: PriceTable | undefined): number | undefined {
  const price = prices?.[model]
  if (price === undefined) return undefined
  return (promptTokens * price.inputPerMillion + completionTokens * price.outputPerMillion) / 1_000_000
}
