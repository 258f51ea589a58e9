import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BuiltReport } from './build-report.ts'
import { renderHtmlReport } from './render-html-report.ts'

/** Where the report files went. */
export interface WrittenReport {
  readonly json: string
  readonly html?: string
}

/**
 * Writes `report.json` (and `index.html` unless `html` is false) into `directory`. Each file is
 * written beside its final name and renamed, so a reader never sees half a report.
 */
export async function writeReport(built: BuiltReport, directory: string, options: { html?: boolean } = {}): Promise<WrittenReport> {
  await mkdir(directory, { recursive: true })
  const json = join(directory, 'report.json')
  await writeAtomically(json, `${JSON.stringify(built.report, null, 2)}\n`)
  if (options.html === false) return { json }
  const html = join(directory, 'index.html')
  await writeAtomically(html, renderHtmlReport(built.report, built.transcripts))
  return { json, html }
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  await writeFile(temporary, content)
  await rename(temporary, path)
}
