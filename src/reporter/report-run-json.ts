import { jsonText } from '../world/index.ts'

/**
 * One run as an element of `report.json`'s `runs`, indented as `JSON.stringify(report, null, 2)`
 * indents it there: `    {\n      "id": ...\n    }`. A run too deep for JSON.stringify (a tool's
 * arguments may nest anything) is written on one line.
 */
export function reportRunJson(run: object): string {
  return nestedElementJson(run, 2)
}

/**
 * `value` pretty-printed as JSON.stringify(whole, null, 2) writes it as an element of an array
 * `depth` levels into `whole`: the value is written inside `depth` arrays of its own, so that
 * JSON.stringify indents it in the same pass rather than the text being indented again afterwards
 * (a report of 100,000 runs is 130 MB of such text). A value too deep for JSON.stringify is
 * written on one line.
 */
export function nestedElementJson(value: object, depth: number): string {
  let nested: unknown = value
  for (let level = 0; level < depth; level++) nested = [nested]
  try {
    const text = JSON.stringify(nested, null, 2)
    // `[\n  [\n` before the value and `\n  ]\n]` after it, two characters more indented a level.
    return text.slice(depth * depth + depth, text.length - (depth * depth + depth))
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return `${'  '.repeat(depth)}${jsonText(value)}`
  }
}
