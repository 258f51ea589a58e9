/** The HTML report's stylesheet, inlined so the page needs nothing but itself. */
export const HTML_REPORT_STYLE = `
:root { color-scheme: light; --border: #d0d7de; --muted: #57606a; --pass: #1a7f37; --fail: #cf222e; --error: #9a6700; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
header { padding: 16px 24px; background: #fff; border-bottom: 1px solid var(--border); }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 16px 0 8px; }
main { display: grid; grid-template-columns: minmax(560px, 1.1fr) minmax(480px, 1fr); gap: 16px; padding: 16px 24px; }
section { background: #fff; border: 1px solid var(--border); border-radius: 6px; padding: 12px 16px; overflow: auto; }
.filters { display: flex; gap: 12px; flex-wrap: wrap; align-items: end; margin-bottom: 8px; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-weight: 600; font-size: 12px; color: var(--muted); }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
tr.run { cursor: pointer; }
tr.run:hover, tr.run.selected { background: #ddf4ff; }
.verdict-passed { color: var(--pass); font-weight: 600; }
.verdict-failed { color: var(--fail); font-weight: 600; }
.verdict-error { color: var(--error); font-weight: 600; }
.message { border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px; margin: 8px 0; }
.message.sender-user { background: #f0f7ff; }
.message.sender-agent { background: #fff; }
.message.sender-environment { background: #f6f8fa; }
.message.sender-system { background: #fbf8f0; color: var(--muted); }
.message .head { font-size: 12px; color: var(--muted); display: flex; gap: 8px; flex-wrap: wrap; }
.message .content { white-space: pre-wrap; word-break: break-word; margin-top: 4px; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 11px; font-weight: 600; }
.badge.milestone { background: #dafbe1; color: var(--pass); }
.badge.milestone.partial { background: #fff8c5; color: var(--error); }
.badge.minefield { background: #ffebe9; color: var(--fail); }
pre { margin: 4px 0; padding: 6px 8px; background: #f6f8fa; border-radius: 4px; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
.changes { border-left: 3px solid #54aeff; padding-left: 8px; margin-top: 6px; font-size: 12px; }
.muted { color: var(--muted); }
.summary-tables { display: flex; gap: 24px; flex-wrap: wrap; }
.summary-tables table { width: auto; }
`
