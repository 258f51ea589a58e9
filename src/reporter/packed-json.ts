import { once } from 'node:events'
import { createDeflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib'

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

/**
 * `packText` of the text these pieces make, deflated a piece at a time, so that neither the whole
 * text nor its bytes are ever made: only the deflated bytes are held. The same text as `packText`
 * gives, byte for byte (DEFLATE's output does not depend on how its input was cut).
 */
export async function packPieces(pieces: Iterable<string>): Promise<string> {
  const deflate = createDeflateRaw({ level: 1 })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  for (const piece of pieces) if (!deflate.write(piece)) await once(deflate, 'drain')
  // 'end' comes once everything written was deflated and read, always after `end()`.
  const ended = once(deflate, 'end')
  deflate.end()
  await ended
  return Buffer.concat(chunks).toString('base64')
}

/** The value `packJson` packed. */
export function unpackJson(text: string): unknown {
  return JSON.parse(inflateRawSync(Buffer.from(text.trim(), 'base64')).toString('utf8'))
}
