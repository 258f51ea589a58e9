/** A fenced block of a Markdown page: where it starts, its language, the marker comment before it, its text. */
export interface Block {
  readonly line: number
  readonly fence: string
  readonly marker: string
  readonly text: string
}

/**
 * The fenced blocks of a Markdown page, each with the `<!-- marker -->` on the line before it
 * (blank lines between allowed), so a test can hold each block to what its marker says it is.
 */
export function blocks(markdown: string, page: string): Block[] {
  const lines = markdown.split('\n')
  const found: Block[] = []
  for (let at = 0; at < lines.length; at++) {
    const fence = /^```(\w*)$/.exec(lines[at] as string)?.[1]
    if (fence === undefined) continue
    let before = at - 1
    while (before >= 0 && (lines[before] as string).trim() === '') before--
    const end = lines.findIndex((line, index) => index > at && line === '```')
    if (end < 0) throw new Error(`${page}: the block at line ${at + 1} is not closed`)
    found.push({ line: at + 1, fence, marker: /^<!--\s*(.+?)\s*-->$/.exec((lines[before] ?? '').trim())?.[1] ?? '', text: lines.slice(at + 1, end).join('\n') })
    at = end
  }
  return found
}
