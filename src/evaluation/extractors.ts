import type { Extractor, ExtractorInput, FillValues } from '../domain/index.ts'
import { builtInExtractors } from '../domain/index.ts'
import type { JsonValue } from '../world/index.ts'
import { isJsonObject } from '../world/index.ts'

export type { Extractor, ExtractorInput, FillValues }
export { builtInExtractors }

/**
 * Follows a dot-separated path (`result.0.latitude`) into `{ tool, arguments, result }`; list
 * positions are numbers. `undefined` when the path leads nowhere.
 */
export function valueAtPath(source: ExtractorInput, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = { tool: source.tool, arguments: source.arguments, result: source.result ?? null }
  if (source.result === undefined && path.startsWith('result')) return undefined
  for (const part of path.split('.').filter((segment) => segment.length > 0)) {
    if (Array.isArray(current)) current = /^\d+$/.test(part) ? current[Number(part)] : undefined
    else if (isJsonObject(current)) current = Object.hasOwn(current, part) ? current[part] : undefined
    else return undefined
    if (current === undefined) return undefined
  }
  return current
}
