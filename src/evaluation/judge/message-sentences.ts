/**
 * Abbreviations that end with a full stop without ending a sentence, lower case: titles
 * (`Dr.`, `Mrs.`, `Sra.`, `Mme.`), Latin and German shorthand (`e.g.`, `z.B.`), and a few more.
 * A single letter and a full stop (an initial, `J. Smith`) never ends one either.
 */
const ABBREVIATIONS = new Set([
  'dr', 'mr', 'mrs', 'ms', 'mx', 'prof', 'st', 'sr', 'sra', 'srta', 'dra', 'jr', 'vs', 'etc', 'e.g', 'i.e', 'approx', 'no', 'nr', 'z.b', 'bzw', 'ca', 'usw', 'mme', 'mlle', 'p.ex', 'ex', 'tel', 'dept', 'inc', 'ltd', 'co', 'av', 'ave', 'a.m', 'p.m',
])

/**
 * The sentences of a message, each quoted whole: split after `.`, `!`, `?` or `…` and a space,
 * after `。`, `！` or `？` (which need none), and at line breaks. A full stop after a known
 * abbreviation (`Dr.`, `e.g.`) or an initial does not end a sentence: "You are booked with Dr. Lee
 * at 3." is one sentence.
 */
export function messageSentences(content: string): string[] {
  const sentences: string[] = []
  let start = 0
  const push = (end: number) => {
    const sentence = content.slice(start, end).trim()
    if (sentence !== '') sentences.push(sentence)
    start = end
  }
  for (let index = 0; index < content.length; index += 1) {
    const character = content[index] as string
    if (character === '\n') {
      push(index + 1)
      continue
    }
    if ('。！？'.includes(character)) {
      let end = index + 1
      while (end < content.length && '。！？」』）'.includes(content[end] as string)) end += 1
      push(end)
      index = end - 1
      continue
    }
    if (!'.!?…'.includes(character)) continue
    let end = index + 1
    while (end < content.length && '.!?…"\')»”’'.includes(content[end] as string)) end += 1
    if (end < content.length && !/\s/.test(content[end] as string)) continue
    if (character === '.' && end === index + 1 && endsWithAbbreviation(content.slice(start, index))) continue
    push(end)
    index = end - 1
  }
  push(content.length)
  return sentences
}

function endsWithAbbreviation(before: string): boolean {
  const word = /(?:^|[\s(«"“])([\p{L}.]+)$/u.exec(before)?.[1]
  if (word === undefined) return false
  if (/^\p{Lu}$/u.test(word)) return true
  return ABBREVIATIONS.has(word.toLowerCase())
}
