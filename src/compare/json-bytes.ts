/**
 * The bytes of JSON's structure, for the readers that follow a report's text byte by byte
 * (strings and brackets) rather than parse all of it.
 */
export const QUOTE = 0x22
export const BACKSLASH = 0x5c
export const OPEN_OBJECT = 0x7b
export const CLOSE_OBJECT = 0x7d
export const OPEN_ARRAY = 0x5b
export const CLOSE_ARRAY = 0x5d
export const COMMA = 0x2c
export const COLON = 0x3a

/** Whether `byte` is whitespace as JSON reads it (space, newline, carriage return, tab). */
export function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09
}
