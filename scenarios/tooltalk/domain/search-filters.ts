import type { JsonValue, Row } from '../../../src/world/index.ts'
import { strptime } from './python-datetime.ts'
import { apiException, pythonEqual, pythonLower, pythonSplit, pythonTruthy } from './python-values.ts'
import type { ToolTalkArguments, ToolTalkSearchOrder } from './tooltalk-tool.ts'

/**
 * ToolTalk's inbox and message search, on the filters as given: at least one of query, sender,
 * start_date and end_date; `match_type` "any" (the default when it is left out; an explicit
 * null is not "any" and fails) or "all"; items dated after "now" are never shown; keywords are the
 * query's whitespace-separated words, lower-cased and matched as substrings of the searched texts
 * (an empty query means no keyword filter); the five newest matches come back, newest first, ties
 * in stored order. With `order: 'stored'` the first five matches come back in stored order
 * instead, as the tool that recorded ToolTalk's conversations listed them.
 */
export function searchRows(
  rows: readonly Row[],
  values: ToolTalkArguments,
  now: number,
  fields: { readonly date: string; readonly texts: readonly string[] },
  order: ToolTalkSearchOrder = 'newest-first',
): Row[] {
  const query = values.query ?? null
  const sender = values.sender ?? null
  const startDate = values.start_date ?? null
  const endDate = values.end_date ?? null
  const matchType: JsonValue = values.match_type === undefined ? 'any' : values.match_type
  if (query === null && sender === null && startDate === null && endDate === null) throw apiException('At least one of query, sender, start_date, end_date must be provided.')
  if (!pythonEqual(matchType, 'any') && !pythonEqual(matchType, 'all')) throw apiException('match_type must be either "any" or "all".')
  const start = startDate === null ? undefined : strptime(startDate, '%Y-%m-%d %H:%M:%S')
  const end = endDate === null ? undefined : strptime(endDate, '%Y-%m-%d %H:%M:%S')
  if (start !== undefined && end !== undefined && start > end) throw apiException('Start date must be earlier than end date.')
  const keywords = pythonTruthy(query) ? pythonSplit(pythonLower(query)) : undefined
  const matched: { row: Row; date: number }[] = []
  for (const row of rows) {
    const date = strptime(row[fields.date], '%Y-%m-%d %H:%M:%S')
    if (now < date) continue
    if (sender !== null && !pythonEqual(sender, row.sender ?? null)) continue
    if (start !== undefined && start > date) continue
    if (end !== undefined && end < date) continue
    if (keywords !== undefined) {
      const texts = fields.texts.map((field) => pythonLower(row[field]))
      const hits = keywords.map((keyword) => texts.some((text) => text.includes(keyword)))
      if (!(pythonEqual(matchType, 'any') ? hits.some(Boolean) : hits.every(Boolean))) continue
    }
    matched.push({ row, date })
  }
  if (order === 'newest-first') matched.sort((a, b) => b.date - a.date)
  return matched.slice(0, 5).map((entry) => entry.row)
}
