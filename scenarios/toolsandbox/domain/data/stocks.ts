/**
 * Stock quotes for the offline stock search: well-known US-listed companies with invented
 * prices, fixed so that answers never depend on the day a test runs.
 */
export interface StockQuote {
  readonly symbol: string
  readonly name: string
  readonly exchange: string
  readonly price: number
  readonly previous_close: number
  readonly open: number
  readonly high: number
  readonly low: number
  readonly volume: number
  /** Other names people use for the company ("Google" for Alphabet). */
  readonly aliases: readonly string[]
}

const quote = (symbol: string, name: string, exchange: string, price: number, previous_close: number, volume: number, aliases: readonly string[] = []): StockQuote => ({
  symbol,
  name,
  exchange,
  price,
  previous_close,
  // The day's open, high and low follow from the two closes, so they stay consistent.
  open: Math.round(previous_close * 1.002 * 100) / 100,
  high: Math.round(Math.max(price, previous_close) * 1.011 * 100) / 100,
  low: Math.round(Math.min(price, previous_close) * 0.991 * 100) / 100,
  volume,
  aliases,
})

/** Every bundled ticker. */
export const STOCKS: readonly StockQuote[] = [
  quote('AAPL', 'Apple Inc.', 'NASDAQ', 212.44, 210.18, 51_230_400),
  quote('MSFT', 'Microsoft Corporation', 'NASDAQ', 438.2, 441.05, 19_882_100),
  quote('GOOGL', 'Alphabet Inc. Class A', 'NASDAQ', 171.36, 169.9, 24_310_700, ['Google', 'Alphabet']),
  quote('AMZN', 'Amazon.com Inc.', 'NASDAQ', 189.73, 191.2, 38_004_500, ['Amazon']),
  quote('META', 'Meta Platforms Inc.', 'NASDAQ', 497.15, 489.6, 14_502_300, ['Facebook', 'Meta']),
  quote('NVDA', 'NVIDIA Corporation', 'NASDAQ', 124.58, 121.93, 248_771_000, ['Nvidia']),
  quote('TSLA', 'Tesla Inc.', 'NASDAQ', 181.27, 186.4, 89_120_600),
  quote('NFLX', 'Netflix Inc.', 'NASDAQ', 642.9, 636.12, 3_411_900),
  quote('JPM', 'JPMorgan Chase & Co.', 'NYSE', 201.66, 200.8, 8_702_400, ['JP Morgan', 'Chase']),
  quote('V', 'Visa Inc.', 'NYSE', 276.31, 278.05, 6_120_300, ['Visa']),
  quote('WMT', 'Walmart Inc.', 'NYSE', 68.12, 67.7, 15_330_900, ['Walmart']),
  quote('KO', 'The Coca-Cola Company', 'NYSE', 63.48, 63.9, 12_004_800, ['Coca-Cola', 'Coke']),
  quote('PEP', 'PepsiCo Inc.', 'NASDAQ', 166.25, 165.4, 5_021_600, ['Pepsi']),
  quote('DIS', 'The Walt Disney Company', 'NYSE', 101.77, 103.02, 9_812_300, ['Disney']),
  quote('NKE', 'Nike Inc.', 'NYSE', 93.15, 92.64, 10_222_700, ['Nike']),
  quote('INTC', 'Intel Corporation', 'NASDAQ', 31.04, 31.55, 41_607_100, ['Intel']),
  quote('AMD', 'Advanced Micro Devices Inc.', 'NASDAQ', 158.62, 155.3, 52_440_200, ['AMD']),
  quote('IBM', 'International Business Machines Corporation', 'NYSE', 171.9, 170.45, 4_106_500, ['IBM']),
  quote('ORCL', 'Oracle Corporation', 'NYSE', 124.3, 122.81, 7_554_100, ['Oracle']),
  quote('SBUX', 'Starbucks Corporation', 'NASDAQ', 79.86, 80.92, 9_050_200, ['Starbucks']),
  quote('BA', 'The Boeing Company', 'NYSE', 178.4, 176.02, 6_603_900, ['Boeing']),
  quote('XOM', 'Exxon Mobil Corporation', 'NYSE', 113.52, 114.2, 16_870_400, ['Exxon', 'ExxonMobil']),
  quote('COST', 'Costco Wholesale Corporation', 'NASDAQ', 812.7, 806.33, 1_905_600, ['Costco']),
  quote('ADBE', 'Adobe Inc.', 'NASDAQ', 482.05, 487.9, 2_877_300, ['Adobe']),
]
