import { HTML_COMMON_SCRIPT } from './html-common-script.ts'
import { HTML_REPORT_STYLE } from './html-report-style.ts'

/** The parts of a self-contained page. */
export interface PageParts {
  readonly title: string
  /** Markup of the body, before the data and the script. */
  readonly body: string
  /** The embedded data: element id to value, each written as JSON in its own script element. */
  readonly data: Readonly<Record<string, unknown>>
  /** Embedded data written as JSON already: element id to JSON text, each after `data`, embedded as `data` is. */
  readonly json?: Readonly<Record<string, string>>
  /** Data read only on demand: element id to `packJson` text (deflated JSON in base64). */
  readonly packed?: Readonly<Record<string, string>>
  /** The page's own script; it runs after `HTML_COMMON_SCRIPT` in one function scope. */
  readonly script: string
}

/**
 * One self-contained HTML page: inline style, data and script, and a content security policy
 * that allows no network at all, so the page works from disk, from a CI artifact or an e-mail
 * attachment, and a hostile string in a report can load nothing.
 */
export function renderPage(parts: PageParts): string {
  return pagePieces(parts).join('')
}

/**
 * `renderPage`'s text in pieces, the embedded data each a piece of its own, so that a large page
 * can be written to its file a piece at a time rather than made into one text first (and that
 * text into bytes) while the pieces are still held.
 */
export function pagePieces(parts: PageParts): string[] {
  const data = [...Object.entries(parts.data).map(([id, value]) => [id, JSON.stringify(value)] as const), ...Object.entries(parts.json ?? {})].map(
    ([id, json]) => [`<script type="application/json" id="${escapeHtml(id)}">`, embeddedJsonText(json), '</script>'],
  )
  const packed = Object.entries(parts.packed ?? {}).map(([id, text]) => [`<script type="application/octet-stream" data-encoding="deflate-raw+base64" id="${escapeHtml(id)}">`, text, '</script>'])
  const joined = (elements: string[][]) => elements.flatMap((pieces, index) => (index === 0 ? pieces : ['\n', ...pieces]))
  return [head(parts), ...joined(data), '\n', ...joined(packed), tail(parts)]
}

function head(parts: PageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(parts.title)}</title>
<style>${HTML_REPORT_STYLE}</style>
</head>
<body>
${parts.body}
`
}

function tail(parts: PageParts): string {
  return `
<script>(function () {
'use strict'
${HTML_COMMON_SCRIPT}
${parts.script}
})()</script>
</body>
</html>
`
}

/** Escapes text for an HTML text or attribute position. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/**
 * JSON text made safe inside a `<script>` element, as `renderPage` embeds its data (escaping <, >
 * and & keeps "</script>" or "<!--" in model text from ending the element, and U+2028/2029 are
 * escaped for older parsers): a page written
 * in pieces embeds its large values piece by piece the same way. Outside strings JSON holds none
 * of the escaped characters, so the text stands for the same value.
 */
export function embeddedJsonText(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
