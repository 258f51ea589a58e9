import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { staleTemporaryFiles } from '../cache/stale-temporary-files.ts'
import type { BuiltReport } from './build-report.ts'
import { renderHtmlReport } from './render-html-report.ts'

/** Where the report files went. */
export interface WrittenReport {
  readonly json: string
  readonly html?: string
}

/** A report file's temporary file: `report.json.<pid>.tmp`, `index.html.<pid>.tmp`. */
const TEMPORARY_FILE = /^(?:report\.json|index\.html)\.(\d+)\.tmp$/

/**
 * Writes `report.json` (and `index.html` unless `html` is false) into `directory`. Each file is
 * written beside its final name and renamed, so a reader never sees half a report; and the two
 * are never from different runs, even when the process is killed between the renames: both are
 * written out first, then the old page is removed, then the report and the page are renamed into
 * place (a kill in between leaves the new report without a page, never beside the old one). With
 * `html: false` an old page is removed. Temporary files left by a writer that was killed are
 * removed first.
 */
export async function writeReport(built: BuiltReport, directory: string, options: { html?: boolean } = {}): Promise<WrittenReport> {
  await mkdir(directory, { recursive: true })
  const leftBehind = staleTemporaryFiles(await readdir(directory), TEMPORARY_FILE)
  await Promise.all(leftBehind.map((name) => rm(join(directory, name), { force: true })))
  const json = join(directory, 'report.json')
  const html = join(directory, 'index.html')
  const written: string[] = []
  try {
    const jsonTemporary = await writeTemporary(json, `${JSON.stringify(built.report, null, 2)}\n`, written)
    const htmlTemporary = options.html === false ? undefined : await writeTemporary(html, renderHtmlReport(built.report, built.transcripts), written)
    await rm(html, { force: true })
    await rename(jsonTemporary, json)
    if (htmlTemporary === undefined) return { json }
    await rename(htmlTemporary, html)
    return { json, html }
  } finally {
    await Promise.all(written.map((temporary) => rm(temporary, { force: true })))
  }
}

/** Writes `content` beside `path` and returns the temporary file's name (also noted in `written`, for cleaning up). */
async function writeTemporary(path: string, content: string, written: string[]): Promise<string> {
  const temporary = `${path}.${process.pid}.tmp`
  written.push(temporary)
  await writeFile(temporary, content)
  return temporary
}
