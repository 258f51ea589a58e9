import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import type { JsonValue } from '../../../src/world/index.ts'
import { STOCKS } from './data/stocks.ts'
import type { StockQuote } from './data/stocks.ts'
import { fuzzyScore } from '../../../src/tools/fuzzy-score.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { WIFI } from './state-requirements.ts'

/** The lowest fuzzy score (see `fuzzyScore`) at which a company name counts as meant. */
export const STOCK_MATCH_THRESHOLD = 85

/**
 * The quote a query means: an exact ticker symbol first (case-insensitive, `AAPL:NASDAQ` also
 * accepted), else the company whose name or usual alias scores best, if it reaches the threshold.
 */
export function findStock(query: string): StockQuote | undefined {
  const symbol = query.trim().split(':')[0]?.toUpperCase() ?? ''
  const exact = STOCKS.find((stock) => stock.symbol === symbol)
  if (exact !== undefined) return exact
  let best: { stock: StockQuote; score: number } | undefined
  for (const stock of STOCKS) {
    for (const name of [stock.name, ...stock.aliases]) {
      const score = fuzzyScore(query, name)
      if (best === undefined || score > best.score) best = { stock, score }
    }
  }
  return best !== undefined && best.score >= STOCK_MATCH_THRESHOLD ? best.stock : undefined
}

/** A stock quote by company name or ticker. */
export const searchStock = defineTool({
  name: 'search_stock',
  group: 'rapid_api_search_tools',
  description: 'Looks up the latest stock quote of a company by its name or ticker symbol. Prices are in US dollars. Needs Wi-Fi.',
  args: z.object({
    query: z.string().describe('a company name or ticker symbol, such as Apple or AAPL'),
  }),
  returns: 'an object { symbol, name, type, price, open, high, low, volume, previous_close, change, change_percent, currency, exchange, country_code }, or null when no company matches',
  action: false,
  requires: [WIFI],
  execute: ({ query }, { world }) => {
    requireSetting({ world }, WIFI)
    const stock = findStock(query)
    if (stock === undefined) return null
    const change = Math.round((stock.price - stock.previous_close) * 100) / 100
    const quote: Record<string, JsonValue> = {
      symbol: stock.symbol,
      name: stock.name,
      type: 'stock',
      price: stock.price,
      open: stock.open,
      high: stock.high,
      low: stock.low,
      volume: stock.volume,
      previous_close: stock.previous_close,
      change,
      change_percent: Math.round((change / stock.previous_close) * 10_000) / 100,
      currency: 'USD',
      exchange: stock.exchange,
      country_code: 'US',
    }
    return quote
  },
})
