import { jsonText } from '../world/index.ts'
import type { RunLine } from './runs-file.ts'

/**
 * A finished run as a line of a runs file (without its newline). On its own, apart from the
 * report writer, as eval's worker threads write each run's line and need none of the writer (its
 * page's script and style alone are a fifth of a megabyte of text that each worker would load).
 */
export function runLineText(line: RunLine): string {
  // A run may hold a value of any depth (what a tool wrote into the world).
  return jsonText({
    run: line.run,
    ...(line.fingerprint === undefined ? {} : { fingerprint: line.fingerprint }),
    ...(line.transcript === undefined ? {} : { transcript: line.transcript }),
    ...(line.durationMs === undefined ? {} : { durationMs: line.durationMs }),
  })
}
