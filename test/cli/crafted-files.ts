/** A file made to break a reader: its name says how, its text is what the reader gets. */
export interface CraftedFile {
  readonly name: string
  readonly text: string
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/**
 * Values that stand where a field's value should: each of the wrong JSON types, numbers past
 * every sensible size, a text where a number belongs, and names of `Object.prototype`.
 */
const WRONG_VALUES: readonly (readonly [string, string])[] = [
  ['null', 'null'],
  ['true', 'true'],
  ['a number', '7'],
  ['a text', '"x"'],
  ['a list', '[]'],
  ['an object', '{}'],
  ['a huge number', '1e308'],
  ['an infinite number', '1e999'],
  ['a negative number', '-1'],
  ['a fraction', '0.5'],
  ['a prototype name', '"__proto__"'],
  ['constructor', '"constructor"'],
]

/** `value` with the field at `path` replaced by `replacement` (raw JSON text), or removed when `replacement` is undefined. */
function withField(value: Json, path: readonly (string | number)[], replacement: string | undefined): string {
  const marker = '"@@crafted-value@@"'
  const copy = JSON.parse(JSON.stringify(value)) as Json
  let holder: Json = copy
  for (const step of path.slice(0, -1)) holder = (holder as Record<string, Json>)[step] as Json
  const last = path[path.length - 1] as string | number
  if (replacement === undefined) {
    if (Array.isArray(holder)) holder.splice(last as number, 1)
    else delete (holder as Record<string, Json>)[last]
    return JSON.stringify(copy)
  }
  ;(holder as Record<string, Json>)[last] = JSON.parse(marker) as Json
  return JSON.stringify(copy).replace(marker, replacement)
}

/** Ways a whole file's text goes wrong, whatever it held: cut, emptied, the wrong kind of JSON, a byte-order mark. */
function brokenTexts(text: string): CraftedFile[] {
  return [
    { name: 'empty', text: '' },
    { name: 'cut in half', text: text.slice(0, Math.floor(text.length / 2)) },
    { name: 'cut one byte short', text: text.slice(0, -2) },
    { name: 'null', text: 'null' },
    { name: 'a list', text: '[]' },
    { name: 'a number', text: '42' },
    { name: 'binary bytes', text: '\u0000\u0001\u0002\u00ff' },
    { name: 'nested 100,000 lists deep', text: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  ]
}

/**
 * Crafted `report.json` texts made from a report toolcheck wrote (`report`, parsed): broken
 * texts, each top-level field and each field of the first run missing or of each wrong kind,
 * scenario and category names that are prototype names, and `__proto__` keys.
 */
export function craftedReports(report: Record<string, Json>): CraftedFile[] {
  const text = JSON.stringify(report)
  const crafted = brokenTexts(text)
  const run = (report.runs as Json[])[0] as Record<string, Json>
  const fields: (readonly (string | number)[])[] = [
    ['format'],
    ['version'],
    ['runs'],
    ['settings'],
    ['scenarios'],
    ['agents'],
    ['summary'],
    ['runs', 0],
    ...Object.keys(run).map((key) => ['runs', 0, key]),
    ['runs', 0, 'usage', 'calls'],
    ['runs', 0, 'categories', 0],
    ['runs', 0, 'augmentationColumns', 0],
    ['settings', 'scoring'],
    ['settings', 'deterministic'],
  ]
  for (const path of fields) {
    crafted.push({ name: `${path.join('.')} missing`, text: withField(report, path, undefined) })
    for (const [label, replacement] of WRONG_VALUES) crafted.push({ name: `${path.join('.')} is ${label}`, text: withField(report, path, replacement) })
  }
  crafted.push({ name: '__proto__ key at the top', text: text.replace(/^\{/, '{"__proto__":{"runs":7},') })
  crafted.push({ name: '__proto__ key in a run', text: text.replace('"runs":[{', '"runs":[{"__proto__":{"scenario":7},') })
  crafted.push({ name: '__proto__ as the scenarios map', text: withField(report, ['scenarios'], '{"__proto__":{"world":"x"}}') })
  return unique(crafted)
}

/**
 * Crafted `runs.jsonl` texts made from the lines of a runs file toolcheck wrote: broken texts,
 * a header of the wrong kind, each field of the first run's record missing or of each wrong kind,
 * problems and budgets of the wrong shape, and `__proto__` keys.
 */
// Places in a run's transcript, which the page reads whole.
const TRANSCRIPT_PATHS: readonly (readonly (string | number)[])[] = [['transcript'], ['transcript', 'messages'], ['transcript', 'messages', 0], ['transcript', 'messages', 0, 'content']]

export function craftedShards(lines: readonly string[]): CraftedFile[] {
  const [header = '', first = '', ...rest] = lines
  const text = `${lines.join('\n')}\n`
  const crafted = brokenTexts(text)
  const file = (...replaced: string[]) => `${replaced.join('\n')}\n`
  const headerValue = JSON.parse(header) as Record<string, Json>
  const line = JSON.parse(first) as Record<string, Json>
  const run = line.run as Record<string, Json>
  const paths: (readonly (string | number)[])[] = [['run'], ...Object.keys(run).map((key) => ['run', key]), ['run', 'usage', 'calls'], ['run', 'categories', 0], ['fingerprint'], ['durationMs']]
  for (const path of paths) {
    crafted.push({ name: `${path.join('.')} missing`, text: file(header, withField(line, path, undefined), ...rest) })
    for (const [label, replacement] of WRONG_VALUES) crafted.push({ name: `${path.join('.')} is ${label}`, text: file(header, withField(line, path, replacement), ...rest) })
  }
  // The run with a conversation, when it has none, for the places in a transcript.
  const said = { ...line, transcript: line.transcript ?? { scenario: String(run.scenario), augmentation: 'none', trial: 0, firstUserMessageIndex: 0, messages: [{ index: 0, sender: 'user', recipient: 'agent', content: 'Hello.' }] } }
  for (const path of TRANSCRIPT_PATHS) {
    crafted.push({ name: `${path.join('.')} missing`, text: file(header, withField(said, path, undefined), ...rest) })
    for (const [label, replacement] of WRONG_VALUES) crafted.push({ name: `${path.join('.')} is ${label}`, text: file(header, withField(said, path, replacement), ...rest) })
  }
  for (const [label, replacement] of WRONG_VALUES) {
    crafted.push({ name: `header settings is ${label}`, text: file(withField(headerValue, ['settings'], replacement), first, ...rest) })
    crafted.push({ name: `header settings.scoring is ${label}`, text: file(withField({ ...headerValue, settings: {} }, ['settings', 'scoring'], replacement), first, ...rest) })
    crafted.push({ name: `problem is ${label}`, text: file(header, first, `{"problem":${replacement}}`, ...rest) })
    crafted.push({ name: `budget is ${label}`, text: file(header, first, `{"budget":${replacement}}`, ...rest) })
  }
  crafted.push({ name: 'header only', text: file(header) })
  crafted.push({ name: 'the header twice', text: file(header, header, first, ...rest) })
  crafted.push({ name: 'a problem without its fields', text: file(header, first, '{"problem":{"message":3}}', ...rest) })
  crafted.push({ name: 'a budget without limits', text: file(header, first, '{"budget":{"spent":{}}}', ...rest) })
  crafted.push({ name: '__proto__ key in a run', text: file(header, first.replace('{"run":{', '{"run":{"__proto__":{"id":7},'), ...rest) })
  crafted.push({ name: '__proto__ key in the header', text: file(header.replace(/^\{/, '{"__proto__":{"format":"x"},'), first, ...rest) })
  return unique(crafted)
}

/** The files with distinct texts, the first name kept. */
function unique(files: readonly CraftedFile[]): CraftedFile[] {
  const seen = new Set<string>()
  return files.filter((file) => !seen.has(file.text) && seen.add(file.text))
}

/**
 * Crafted texts of any JSON file toolcheck reads (`value`, parsed): broken texts, and each field
 * at `paths` (every top-level field when none are given) missing or of each wrong kind.
 */
export function craftedJson(value: Record<string, Json>, paths: readonly (readonly (string | number)[])[] = Object.keys(value).map((key) => [key])): CraftedFile[] {
  const crafted = brokenTexts(JSON.stringify(value))
  for (const path of paths) {
    crafted.push({ name: `${path.join('.')} missing`, text: withField(value, path, undefined) })
    for (const [label, replacement] of WRONG_VALUES) crafted.push({ name: `${path.join('.')} is ${label}`, text: withField(value, path, replacement) })
  }
  crafted.push({ name: '__proto__ key at the top', text: JSON.stringify(value).replace(/^\{/, '{"__proto__":{"id":7},') })
  return unique(crafted)
}
