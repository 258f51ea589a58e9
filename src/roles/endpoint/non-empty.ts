/** A setting's text, or `undefined` when it is missing or blank (an empty `OPENAI_BASE_URL=` means unset). */
export function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text
}
