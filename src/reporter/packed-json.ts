import { deflateRawSync, inflateRawSync } from 'node:zlib'

/**
 * A value as JSON, compressed with raw DEFLATE and written in base64: how a page embeds its run
 * details. The details of a large suite repeat themselves (the same prompts, tool results and
 * milestone reasons in every trial, in the same places), which DEFLATE removes, so a report of
 * 100,000 runs stays a file one can open and attach; base64 keeps the embedded text free of
 * markup whatever the models wrote. Level 1 trades a little size for speed, since the report is
 * written at the end of every test run. Browsers unpack it with `DecompressionStream`.
 */
export function packJson(value: unknown): string {
  return packText(JSON.stringify(value))
}

/** `packJson` of a value already written as JSON. */
export function packText(json: string): string {
  return deflateRawSync(json, { level: 1 }).toString('base64')
}

/** The value `packJson` packed. */
export function unpackJson(text: string): unknown {
  return JSON.parse(inflateRawSync(Buffer.from(text.trim(), 'base64')).toString('utf8'))
}
