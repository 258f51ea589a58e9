/** The most characters of an error text a run keeps: enough to read what went wrong. */
export const ERROR_TEXT_LIMIT = 4_096

/**
 * `text` cut to `limit` characters, saying how long it was (`… [cut: 8,388,608 characters in
 * all]`). A server may answer a failed call with a body of megabytes; quoted whole in every run
 * it ends, it would make a report no one can open.
 */
export function cappedText(text: string, limit: number = ERROR_TEXT_LIMIT): string {
  if (text.length <= limit) return text
  return `${text.slice(0, limit)}… [cut: ${text.length.toLocaleString('en-US')} characters in all]`
}
