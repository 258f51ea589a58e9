import { z } from 'zod'
import { defineTool } from '../../../src/tools/define-tool.ts'
import { ToolError } from '../../../src/tools/tool-error.ts'
import { CURRENCIES } from './data/currencies.ts'
import type { Currency } from './data/currencies.ts'
import { requireSetting } from '../../../src/tools/require-setting.ts'
import { WIFI } from './state-requirements.ts'

/** A currency by its ISO 4217 code (any letter case), with an error that lists the known codes. */
export function findCurrency(code: string, argument: string): Currency {
  const upper = code.trim().toUpperCase()
  if (!/^[A-Z]{3}$/.test(upper))
    throw new ToolError('ValueError', `${argument} "${code}" is not a three-letter ISO 4217 currency code such as USD, EUR or JPY`)
  const currency = CURRENCIES.find((candidate) => candidate.code === upper)
  if (currency === undefined)
    throw new ToolError('ValueError', `${argument} "${code}" is not a currency this service converts; it knows ${CURRENCIES.map((candidate) => candidate.code).join(', ')}`)
  return currency
}

/** Converts money between currencies at fixed rates. */
export const convertCurrency = defineTool({
  name: 'convert_currency',
  group: 'rapid_api_search_tools',
  description: 'Converts an amount of money from one currency to another at the current exchange rate. Needs Wi-Fi.',
  args: z.object({
    amount: z.number().describe('the amount of money in from_currency_code'),
    from_currency_code: z.string().describe('the ISO 4217 code of the currency the amount is in, such as USD'),
    to_currency_code: z.string().describe('the ISO 4217 code of the currency to convert to, such as EUR'),
  }),
  returns: 'the converted amount in to_currency_code, rounded to 2 decimal places (a number)',
  action: false,
  requires: [WIFI],
  execute: (args, { world }) => {
    requireSetting({ world }, WIFI)
    const from = findCurrency(args.from_currency_code, 'from_currency_code')
    const to = findCurrency(args.to_currency_code, 'to_currency_code')
    const converted = Math.round(((args.amount * to.perDollar) / from.perDollar) * 100) / 100
    if (!Number.isFinite(converted)) throw new ToolError('ValueError', `amount ${args.amount} ${from.code} is too large to convert to ${to.code}; give a smaller amount`)
    return converted
  },
})
