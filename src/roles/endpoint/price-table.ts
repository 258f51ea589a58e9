/** Prices of one model in US dollars per million tokens. */
export interface ModelPrice {
  readonly inputPerMillion: number
  readonly outputPerMillion: number
}

/** Prices by model name, as the endpoint names the model. */
export type PriceTable = Readonly<Record<string, ModelPrice>>

/** When the built-in prices were read: check them against the provider's page when it matters, and override them with `prices`. */
export const BUILT_IN_PRICES_AS_OF = '2026-03'

const price = (inputPerMillion: number, outputPerMillion: number): ModelPrice => Object.freeze({ inputPerMillion, outputPerMillion })

/**
 * OpenAI's list prices (standard processing, uncached input, no batch discount) of its common
 * chat models as of {@link BUILT_IN_PRICES_AS_OF}, so that `openai:<model>` runs show a cost without
 * a table passed in code. A dated snapshot name (`gpt-4o-mini-2024-07-18`) takes its model's
 * price unless it is listed itself (`gpt-4o-2024-05-13` cost more). Override or extend it with the
 * `prices` option or `TOOLCHECK_PRICES`; turn it off with `prices: false` or `TOOLCHECK_PRICES=off`.
 */
export const BUILT_IN_PRICES: PriceTable = Object.freeze({
  'gpt-5': price(1.25, 10),
  'gpt-5.1': price(1.25, 10),
  'gpt-5-mini': price(0.25, 2),
  'gpt-5-nano': price(0.05, 0.4),
  'gpt-4.1': price(2, 8),
  'gpt-4.1-mini': price(0.4, 1.6),
  'gpt-4.1-nano': price(0.1, 0.4),
  'gpt-4o': price(2.5, 10),
  'gpt-4o-2024-05-13': price(5, 15),
  'gpt-4o-mini': price(0.15, 0.6),
  o1: price(15, 60),
  o3: price(2, 8),
  'o3-mini': price(1.1, 4.4),
  'o4-mini': price(1.1, 4.4),
  'gpt-4-turbo': price(10, 30),
  'gpt-3.5-turbo': price(0.5, 1.5),
})

/**
 * The prices a role uses: the built-in table with `own` over it, or none at all for `false` (a
 * local server that answers to an OpenAI model's name costs nothing).
 */
export function withBuiltInPrices(own: PriceTable | false | undefined): PriceTable | undefined {
  if (own === false) return undefined
  return own === undefined ? BUILT_IN_PRICES : { ...BUILT_IN_PRICES, ...own }
}

/** A model's price: by its name, else by the name without a dated snapshot suffix (`-2024-07-18`). */
export function priceOf(model: string, prices: PriceTable | undefined): ModelPrice | undefined {
  if (prices === undefined) return undefined
  if (Object.hasOwn(prices, model)) return prices[model]
  const undated = model.replace(/-\d{4}-\d{2}-\d{2}$/, '')
  return undated !== model && Object.hasOwn(prices, undated) ? prices[undated] : undefined
}

/** The cost of a call in US dollars, or undefined when the model has no price in the table. */
export function costOf(model: string, promptTokens: number, completionTokens: number, prices: PriceTable | undefined): number | undefined {
  const found = priceOf(model, prices)
  if (found === undefined) return undefined
  return (promptTokens * found.inputPerMillion + completionTokens * found.outputPerMillion) / 1_000_000
}
