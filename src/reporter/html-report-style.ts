/** The stylesheet of the report and comparison pages, inlined so a page needs nothing but itself. */
export const HTML_REPORT_STYLE = `
:root { color-scheme: light; --border: #d0d7de; --muted: #57606a; --pass: #1a7f37; --fail: #cf222e; --error: #9a6700; --row: 28px; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
header { padding: 16px 24px; background: #fff; border-bottom: 1px solid var(--border); }
h1 { font-size: 20px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 16px 0 8px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
main { display: grid; grid-template-columns: minmax(0, 1.2fr) minmax(420px, 1fr); gap: 16px; padding: 16px 24px; align-items: start; }
section { background: #fff; border: 1px solid var(--border); border-radius: 6px; padding: 12px 16px; min-width: 0; }
/* The detail stays in view while the page and the run list scroll. */
#run-details, .sticky { position: sticky; top: 8px; max-height: calc(100vh - 16px); overflow: auto; }
.filters { display: flex; gap: 12px; flex-wrap: wrap; align-items: end; margin-bottom: 8px; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-weight: 600; font-size: 12px; color: var(--muted); }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.overall td, tr.overall th { font-weight: 600; }
.summary-tables { display: flex; gap: 24px; flex-wrap: wrap; }
.scroll { max-height: 320px; overflow: auto; }
.scroll-tall { max-height: 70vh; overflow: auto; }
#heatmap td.heat { min-width: 64px; }
#heatmap td.clickable { cursor: pointer; }
#heatmap td.clickable:hover { outline: 2px solid #0969da; }
.run-list-head, .run-row { display: grid; grid-template-columns: 2fr 2fr 1.6fr 44px 64px 56px 48px 64px 72px 1fr; gap: 6px; align-items: center; }
.run-list-head { font-size: 12px; font-weight: 600; color: var(--muted); border-bottom: 1px solid var(--border); padding: 2px 4px; }
#runs-viewport { position: relative; height: 60vh; overflow: auto; border: 1px solid var(--border); border-radius: 4px; }
#runs-spacer { position: relative; }
#runs-rows { position: absolute; inset: 0 0 auto 0; }
.run-row { position: absolute; left: 0; right: 0; height: var(--row); padding: 0 4px; border-bottom: 1px solid #eaeef2; cursor: pointer; white-space: nowrap; }
.run-row .cell { overflow: hidden; text-overflow: ellipsis; }
.run-row .number { text-align: right; font-variant-numeric: tabular-nums; }
.run-row:hover, .run-row.selected { background: #ddf4ff; }
.verdict-passed { color: var(--pass); font-weight: 600; }
.verdict-failed { color: var(--fail); font-weight: 600; }
.verdict-error { color: var(--error); font-weight: 600; }
.error-kind { color: var(--error); font-size: 12px; }
.message { border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px; margin: 8px 0; }
.message.sender-user { background: #f0f7ff; }
.message.sender-agent { background: #fff; }
.message.sender-environment { background: #f6f8fa; }
.message.sender-system { background: #fbf8f0; color: var(--muted); }
.message .head { font-size: 12px; color: var(--muted); display: flex; gap: 8px; flex-wrap: wrap; }
.message .content { white-space: pre-wrap; word-break: break-word; margin-top: 4px; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 11px; font-weight: 600; }
.badge.milestone { background: #dafbe1; color: var(--pass); }
.badge.closest { background: #fff8c5; color: var(--error); }
.badge.minefield { background: #ffebe9; color: var(--fail); }
.milestone-not-reached .status, .minefield-fired .status { color: var(--fail); font-weight: 600; }
.milestone-reached .status { color: var(--pass); }
table.tools-shown tr.changed td:first-child code { background: #fff8c5; }
pre { margin: 4px 0; padding: 6px 8px; background: #f6f8fa; border-radius: 4px; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
pre.error-reason { background: #fff8c5; }
pre.error-reason[data-culprit="domain"], pre.error-details { background: #ffebe9; }
.changes { border-left: 3px solid #54aeff; padding-left: 8px; margin-top: 6px; font-size: 12px; font-family: ui-monospace, monospace; }
.muted { color: var(--muted); }
.delta-worse { color: var(--fail); font-weight: 600; }
.delta-better { color: var(--pass); font-weight: 600; }
tr.cell-row { cursor: pointer; }
tr.cell-row:hover, tr.cell-row.selected { background: #ddf4ff; }
#cells td, #cells th { white-space: nowrap; }
/* The comparison: the cells above, the clicked cell's two sides below at full width. */
main.compare { grid-template-columns: minmax(0, 1fr); }
main.compare .scroll-tall { max-height: 45vh; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; font-size: 13px; }
.sides > div { min-width: 0; overflow-x: auto; }
.trials button { margin: 0 4px 4px 0; }
.trials button.current { font-weight: 700; }
`
