import type { Row } from '../../../src/world/index.ts'
import { parseDateTime } from './python-datetime.ts'
import type { ToolTalkSearchOrder } from './tooltalk-tool.ts'
import { toolTalkError } from './tooltalk-tool.ts'

/** The filters SearchInbox and SearchMessages share. */
export interface SearchFilters {
  readonly query?: string | undefined
  readonly match_type?: string | undefined
  readonly sender?: string | undefined
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
}

/**
 * ToolTalk's inbox and message search: at least one filter; items dated after "now" are never
 * shown; keywords are the query's whitespace-separated words, matched case-insensitively as
 * substrings of the searched texts (any or all of them); the five newest matches come back, newest
 * first, ties in stored order. With `order: 'stored'` the first five matches come back in stored
 * order instead, as the tool that recorded ToolTalk's conversations listed them.
 */
export function searchRows(
  rows: readonly Row[],
  filters: SearchFilters,
  now: number,
  fields: { readonly date: string; readonly texts: readonly string[] },
  order: ToolTalkSearchOrder = 'newest-first',
): Row[] {
  const { query, sender } = filters
  const matchType = filters.match_type ?? 'any'
  if (query === undefined && sender === undefined && filters.start_date === undefined && filters.end_date === undefined)
    throw toolTalkError('Give at least one of query, sender, start_date and end_date.')
  if (matchType !== 'any' && matchType !== 'all') throw toolTalkError(`match_type must be "any" or "all", not "${matchType}".`)
  const start = filters.start_date === undefined ? undefined : parseDateTime(filters.start_date, 'start_date')
  const end = filters.end_date === undefined ? undefined : parseDateTime(filters.end_date, 'end_date')
  if (start !== undefined && end !== undefined && start > end) throw toolTalkError('start_date is later than end_date.')
  // An empty query means no keyword filter, as in ToolTalk.
  const keywords = query ? query.toLowerCase().split(/\s+/).filter((word) => word !== '') : undefined
  const matched: { row: Row; date: number }[] = []
  for (const row of rows) {
    const date = parseDateTime(String(row[fields.date]), `stored ${fields.date}`)
    if (now < date) continue
    if (sender !== undefined && sender !== row.sender) continue
    if (start !== undefined && start > date) continue
    if (end !== undefined && end < date) continue
    if (keywords !== undefined) {
      const texts = fields.texts.map((field) => String(row[field]).toLowerCase())
      const hits = keywords.map((keyword) => texts.some((text) => text.includes(keyword)))
      if (!(matchType === 'any' ? hits.some(Boolean) : hits.every(Boolean))) continue
    }
    matched.push({ row, date })
  }
  if (order === 'newest-first') matched.sort((a, b) => b.date - a.date)
  return matched.slice(0, 5).map((entry) => entry.row)
}
