/**
 * Fixed exchange rates for the offline currency converter: units of each currency per US dollar.
 * Invented but plausible; fixed so conversions never depend on the day a test runs.
 */
export interface Currency {
  /** The ISO 4217 code. */
  readonly code: string
  readonly name: string
  /** Units of this currency that one US dollar buys. */
  readonly perDollar: number
}

/** Every bundled currency. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'USD', name: 'US dollar', perDollar: 1 },
  { code: 'EUR', name: 'euro', perDollar: 0.92 },
  { code: 'GBP', name: 'pound sterling', perDollar: 0.79 },
  { code: 'JPY', name: 'Japanese yen', perDollar: 151.2 },
  { code: 'CNY', name: 'Chinese yuan', perDollar: 7.24 },
  { code: 'CAD', name: 'Canadian dollar', perDollar: 1.37 },
  { code: 'AUD', name: 'Australian dollar', perDollar: 1.52 },
  { code: 'CHF', name: 'Swiss franc', perDollar: 0.89 },
  { code: 'INR', name: 'Indian rupee', perDollar: 83.4 },
  { code: 'MXN', name: 'Mexican peso', perDollar: 17.1 },
  { code: 'BRL', name: 'Brazilian real', perDollar: 5.05 },
  { code: 'KRW', name: 'South Korean won', perDollar: 1355 },
  { code: 'SEK', name: 'Swedish krona', perDollar: 10.6 },
  { code: 'NOK', name: 'Norwegian krone', perDollar: 10.8 },
  { code: 'DKK', name: 'Danish krone', perDollar: 6.88 },
  { code: 'NZD', name: 'New Zealand dollar', perDollar: 1.66 },
  { code: 'SGD', name: 'Singapore dollar', perDollar: 1.35 },
  { code: 'HKD', name: 'Hong Kong dollar', perDollar: 7.82 },
  { code: 'ZAR', name: 'South African rand', perDollar: 18.6 },
  { code: 'PLN', name: 'Polish zloty', perDollar: 3.98 },
  { code: 'TRY', name: 'Turkish lira', perDollar: 32.4 },
]
