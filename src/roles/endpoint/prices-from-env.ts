import { readFileSync } from 'node:fs'
import { nonEmpty } from './non-empty.ts'
import type { ModelPrice, PriceTable } from './price-table.ts'
import { withBuiltInPrices } from './price-table.ts'

/** The variable that names a price file (or `off`), for `toolcheck eval`, which has no code to pass `prices` in. */
export const PRICES_VARIABLE = 'TOOLCHECK_PRICES'

/**
 * The prices a role uses: `prices` given in code over those of the file `TOOLCHECK_PRICES` names
 * over the built-in table (`BUILT_IN_PRICES`). `false` in code, or `TOOLCHECK_PRICES=off`, leaves
 * the built-in table out (a table given in code still counts). The file is JSON in the shape of a
 * `PriceTable`: `{ "my-model": { "inputPerMillion": 0.2, "outputPerMillion": 0.8 } }`. Throws an
 * error naming the variable, the file and the entry when it cannot be used.
 */
export function pricesWithEnv(prices: PriceTable | false | undefined, env: Readonly<Record<string, string | undefined>>): PriceTable | undefined {
  const setting = nonEmpty(env[PRICES_VARIABLE])?.trim()
  const off = prices === false || setting === 'off'
  const fromFile = setting === undefined || setting === 'off' ? {} : readPriceFile(setting)
  const own = { ...fromFile, ...(prices === false ? {} : prices) }
  if (!off) return withBuiltInPrices(own)
  return Object.keys(own).length === 0 ? undefined : own
}

function readPriceFile(path: string): PriceTable {
  const where = `${PRICES_VARIABLE}=${path}`
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message
    throw new Error(`${where}: the price file cannot be read as JSON (${reason}); give a JSON file of { "<model>": { "inputPerMillion": <usd>, "outputPerMillion": <usd> } }, or off`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: the price file must hold an object of models, not ${Array.isArray(value) ? 'a list' : JSON.stringify(value)}`)
  const table: Record<string, ModelPrice> = {}
  for (const [model, entry] of Object.entries(value)) {
    const fields = entry as Partial<Record<keyof ModelPrice, unknown>> | null
    for (const field of ['inputPerMillion', 'outputPerMillion'] as const) {
      const amount = fields?.[field]
      if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0)
        throw new Error(`${where}: "${model}".${field} must be a number of US dollars per million tokens, at least 0; found ${JSON.stringify(amount) ?? 'nothing'}`)
    }
    table[model] = { inputPerMillion: fields?.inputPerMillion as number, outputPerMillion: fields?.outputPerMillion as number }
  }
  return table
}
