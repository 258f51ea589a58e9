/** The byte-order mark (U+FEFF) some editors put at the start of a UTF-8 file. */
const BYTE_ORDER_MARK = '\uFEFF'

/**
 * A file's text without the byte-order mark it may start with: Windows editors write one at the
 * start of UTF-8 files, and JSON.parse refuses it with a message that quotes an invisible
 * character. Only the first character is looked at; a mark elsewhere is the text's.
 */
export function withoutByteOrderMark(text: string): string {
  return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text
}
