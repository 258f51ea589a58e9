/** The stylesheet of the report and comparison pages, inlined so a page needs nothing but itself. */
export const HTML_REPORT_STYLE = `
:root { color-scheme: light; --border: #d0d7de; --muted: #57606a; --pass: #1a7f37; --fail: #cf222e; --error: #9a6700; --row: 40px; --accent: #0969da; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
header { padding: 10px 20px 8px; background: #fff; border-bottom: 1px solid var(--border); }
header .title-row { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
h1 { font-size: 18px; margin: 0; }
h2 { font-size: 15px; margin: 4px 0 8px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
a { color: var(--accent); }
mark { background: #fff8c5; outline: 1px solid #d4a72c; }
/* The overview across the top; under it the run list and, beside it, the selected run's detail. */
main { display: grid; grid-template-columns: minmax(0, 1.4fr) minmax(420px, 1fr); gap: 12px; padding: 10px 16px; align-items: start; }
main#report { grid-template-areas: "overview overview" "runs details"; }
#overview { grid-area: overview; max-height: 42vh; overflow: auto; }
#runs { grid-area: runs; }
#run-details { grid-area: details; }
section { background: #fff; border: 1px solid var(--border); border-radius: 6px; padding: 10px 14px; min-width: 0; }
/* The detail stays in view while the page and the run list scroll. */
#run-details, .sticky { position: sticky; top: 8px; max-height: calc(100vh - 16px); overflow: auto; }
.tabs { display: flex; gap: 2px; border-bottom: 1px solid var(--border); margin-bottom: 8px; flex-wrap: wrap; }
.tabs button { all: unset; cursor: pointer; padding: 4px 12px; font-size: 13px; font-weight: 600; color: var(--muted); border-bottom: 2px solid transparent; }
.tabs button[aria-selected="true"] { color: #1f2328; border-bottom-color: var(--accent); }
.tabs button:hover, .tabs button:focus-visible { color: var(--accent); }
.tabs .metric { margin-left: auto; align-self: center; font-size: 12px; }
#heatmap th, #heatmap td { padding: 2px 8px; }
.filters { display: flex; gap: 10px; flex-wrap: wrap; align-items: end; margin-bottom: 6px; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); }
.filters label.check { flex-direction: row; align-items: center; gap: 4px; }
.filters .counts { font-size: 12px; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--border); vertical-align: top; }
th { font-weight: 600; font-size: 12px; color: var(--muted); }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.overall td, tr.overall th { font-weight: 600; }
.summary-tables { display: flex; gap: 24px; flex-wrap: wrap; }
.scroll { max-height: 320px; overflow: auto; }
.scroll-small { max-height: 30vh; overflow: auto; }
.scroll-x { max-width: 100%; overflow-x: auto; }
#pass-hat-k p { margin: 0 0 6px; font-size: 12px; }
.scroll-tall { max-height: 70vh; overflow: auto; }
#heatmap th.column-name { min-width: 64px; max-width: 104px; white-space: normal; vertical-align: bottom; }
#heatmap td.heat { min-width: 58px; }
#heatmap td.clickable { cursor: pointer; }
#heatmap td.clickable:hover { outline: 2px solid var(--accent); }
/* The run list: one line of figures per row, names on two lines (scenario, then augmentation). */
.run-list-head, .run-row, .grouped-cell { display: grid; grid-template-columns: 30px minmax(0, 1fr) 58px 48px 52px 44px 50px 60px 100px; gap: 4px; align-items: center; }
.run-list-head { font-size: 12px; font-weight: 600; color: var(--muted); border-bottom: 1px solid var(--border); padding: 2px 4px; }
.run-list-head button.sort { all: unset; cursor: pointer; }
.run-list-head .number { justify-self: end; }
.run-list-head .result, .cell.result { text-align: center; }
.run-list-head button.sort:hover, .run-list-head button.sort:focus-visible { color: var(--accent); text-decoration: underline; }
.run-list-head button.sort[aria-sort="ascending"]::after { content: " \\25b4"; }
.run-list-head button.sort[aria-sort="descending"]::after { content: " \\25be"; }
#runs-viewport { position: relative; height: calc(100vh - 150px); min-height: 280px; overflow: auto; border: 1px solid var(--border); border-radius: 4px; }
#runs-viewport:focus { outline: 2px solid var(--accent); outline-offset: -2px; }
#runs-spacer { position: relative; }
#runs-rows { position: absolute; inset: 0 0 auto 0; }
.run-row, .grouped-cell { position: absolute; left: 0; right: 0; height: var(--row); padding: 0 4px; border-bottom: 1px solid #eaeef2; cursor: pointer; white-space: nowrap; font-size: 13px; }
.run-row .cell, .grouped-cell .cell { overflow: hidden; text-overflow: ellipsis; }
.cell.name { display: flex; flex-direction: column; line-height: 1.25; }
.cell.name .line { overflow: hidden; text-overflow: ellipsis; }
.cell.name .first { font-weight: 600; }
.cell.name .second { font-size: 12px; }
.run-row.in-group { background: #fbfcfd; }
.run-row.in-group .cell.name { padding-left: 14px; }
.run-row.in-group .cell.name .first { font-weight: normal; }
.grouped-cell .toggle { text-align: center; color: var(--muted); }
.grouped-cell .passes { text-align: center; border-radius: 4px; font-weight: 600; font-variant-numeric: tabular-nums; }
.run-row .number, .grouped-cell .number { text-align: right; font-variant-numeric: tabular-nums; }
.run-row .toggle { color: var(--muted); font-size: 12px; }
.run-row:hover, .grouped-cell:hover { background: #f3f8ff; }
.run-row.selected, .grouped-cell.selected { background: #ddf4ff; }
.run-row.cursor, .grouped-cell.cursor { box-shadow: inset 3px 0 0 var(--accent); }
#keys { font-size: 12px; margin-top: 4px; }
.verdict-passed { color: var(--pass); font-weight: 600; }
.verdict-failed { color: var(--fail); font-weight: 600; }
.verdict-error { color: var(--error); font-weight: 600; }
.error-kind { color: var(--error); font-size: 12px; }
/* A run's error on two lines at most: whose code (the culprit), then the kind. */
.run-row .error-kind { white-space: normal; line-height: 1.2; max-height: 2.4em; }
.error-kind .culprit { display: inline-block; white-space: nowrap; font-weight: 600; }
.run-title { font-size: 16px; margin: 0; overflow-wrap: anywhere; }
.run-subtitle { margin: 2px 0 8px; color: var(--muted); overflow-wrap: anywhere; }
.run-subtitle .augmentation { color: #1f2328; font-weight: 600; }
.hint { margin: 8px 0; }
.trials { display: flex; flex-wrap: wrap; gap: 4px 10px; }
.trials a.trial-link { font-weight: 600; }
table.mapping { width: 100%; }
table.mapping tr.match td { border-bottom: none; }
table.mapping tr.match-detail td { font-size: 12px; padding-top: 0; overflow-wrap: anywhere; }
table.mapping .label { color: var(--muted); font-weight: 600; }
.error-detail dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 4px 0; font-size: 12px; }
.error-detail dt { font-weight: 600; color: var(--muted); }
.error-detail dd { margin: 0; min-width: 0; }
.message { border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px; margin: 8px 0; }
.message.sender-user { background: #f0f7ff; }
.message.sender-agent { background: #fff; }
.message.sender-environment { background: #f6f8fa; }
.message.sender-system { background: #fbf8f0; color: var(--muted); }
.message.has-match { border-color: #d4a72c; }
.message .head { font-size: 12px; color: var(--muted); display: flex; gap: 8px; flex-wrap: wrap; }
.message .content { white-space: pre-wrap; word-break: break-word; margin-top: 4px; }
.message .expected { margin-top: 6px; padding: 6px 8px; border-left: 3px solid #d4a72c; background: #fff8c5; font-size: 12px; overflow-wrap: anywhere; }
.badge { display: inline-block; border-radius: 10px; padding: 0 8px; font-size: 11px; font-weight: 600; }
.badge.milestone { background: #dafbe1; color: var(--pass); }
.badge.closest { background: #fff8c5; color: var(--error); }
.badge.minefield { background: #ffebe9; color: var(--fail); }
.badge.false-claim { background: #ffebe9; color: var(--fail); }
/* A call the agent's framework ran outside the world: no world change can follow from it. */
pre.outside { background: #f5f0ff; border-left: 3px solid #8250df; }
.outside-mark { color: #8250df; font-weight: 600; font-family: system-ui, sans-serif; }
/* What decided a failed run: the first thing its detail says. */
ul.decided-by { margin: 4px 0 8px; padding: 6px 8px 6px 24px; border-left: 3px solid var(--fail); background: #ffebe9; overflow-wrap: anywhere; }
.robustness-detail table { width: 100%; font-size: 12px; }
.robustness-detail td { overflow-wrap: anywhere; }
.robustness-detail td:first-child { white-space: nowrap; }
tr.attack-succeeded .status, tr.attack-attempted .status { color: var(--fail); font-weight: 600; }
tr.attack-resisted .status { color: var(--pass); }
.milestone-not-reached .status, .minefield-fired .status { color: var(--fail); font-weight: 600; }
.milestone-reached .status { color: var(--pass); }
table.tools-shown { width: 100%; }
table.tools-shown td { overflow-wrap: anywhere; }
table.tools-shown tr.changed td:first-child code { background: #fff8c5; }
pre { margin: 4px 0; padding: 6px 8px; background: #f6f8fa; border-radius: 4px; white-space: pre-wrap; word-break: break-word; font-size: 12px; }
pre.error-reason { background: #fff8c5; }
pre.error-reason[data-culprit="domain"] { background: #ffebe9; }
.changes { border-left: 3px solid #54aeff; padding-left: 8px; margin-top: 6px; font-size: 12px; }
.change { margin: 2px 0 4px; }
.change-head { display: flex; gap: 6px; flex-wrap: wrap; align-items: baseline; }
.change-kind { font-family: ui-monospace, monospace; font-weight: 700; }
.change-added .change-kind { color: var(--pass); }
.change-removed .change-kind { color: var(--fail); }
.change-table { font-weight: 600; }
.change-display { font-weight: 600; color: #0550ae; }
.change-key { font-size: 11px; color: var(--muted); overflow-wrap: anywhere; }
.change-values { font-family: ui-monospace, monospace; padding-left: 14px; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.delta-worse { color: var(--fail); font-weight: 600; }
.delta-better { color: var(--pass); font-weight: 600; }
tr.cell-row { cursor: pointer; }
tr.cell-row:hover, tr.cell-row.selected { background: #ddf4ff; }
#cells td, #cells th { white-space: nowrap; }
/* The cells are a windowed list (see windowRange): every row is as tall as the script counts it. */
#cells tr.cell-row { height: 28px; }
#cells tr.cell-row td { max-height: 28px; overflow: hidden; }
#cells tr.cells-pad td { padding: 0; border: 0; }
/* The comparison: the cells above, the clicked cell's two sides below at full width. */
main.compare { grid-template-columns: minmax(0, 1fr); }
main.compare .scroll-tall { max-height: 45vh; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; font-size: 13px; }
.sides > div { min-width: 0; overflow-x: auto; }
.trials button { margin: 0 4px 4px 0; }
.trials button.current { font-weight: 700; }
`
