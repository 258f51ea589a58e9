import { jsonText } from '../world/index.ts'

// `JSON.stringify({ runs: [run] }, null, 2)` is the run, indented as a report's runs are, between these.
const BEFORE = '{\n  "runs": [\n'.length
const AFTER = '\n  ]\n}'.length

/**
 * One run as an element of `report.json`'s `runs`, indented as `JSON.stringify(report, null, 2)`
 * indents it there: `    {\n      "id": ...\n    }`. The run is written inside a report of its
 * own, so that JSON.stringify indents it in the same pass rather than the text being indented
 * again afterwards (a report of 100,000 runs is 130 MB of such text). A run too deep for
 * JSON.stringify (a tool's arguments may nest anything) is written on one line.
 */
export function reportRunJson(run: object): string {
  try {
    const text = JSON.stringify({ runs: [run] }, null, 2)
    return text.slice(BEFORE, text.length - AFTER)
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    return `    ${jsonText(run)}`
  }
}
