import { STATUS_COLOURS } from "./chart.js";

/** The report's whole stylesheet, inlined so the file works offline and under a CSP without external styles. */
export const HTML_STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff; --panel: #f6f8fa;
  --pass: ${STATUS_COLOURS.pass}; --fail: ${STATUS_COLOURS.fail}; --error: ${STATUS_COLOURS.error}; --skip: ${STATUS_COLOURS.skip}; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--fg); background: var(--bg); }
main { max-width: 1100px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 40px 0 8px; padding-top: 16px; border-top: 1px solid var(--line); overflow-wrap: anywhere; }
h3 { font-size: 16px; margin: 24px 0 8px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); overflow-wrap: break-word; }
th { background: var(--panel); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; width: 4em; white-space: nowrap; overflow-wrap: normal; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 8px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff;
  text-transform: uppercase; letter-spacing: .03em; }
.badge.passed, .badge.pass { background: var(--pass); }
.badge.failed, .badge.fail { background: var(--fail); }
.badge.error { background: var(--error); }
.badge.skip { background: var(--skip); }
.badge.level { background: #0969da; }
.badge.level.full { background: var(--pass); }
.badge.level.partial { background: #9a6700; }
.badge.level.minimal { background: #bc4c00; }
.badge.level.non-conformant { background: var(--fail); }
.reason { font-size: 15px; margin: 4px 0 8px; }
.check { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px; padding: 8px 12px; margin: 12px 0; }
.check.error { border-left-color: var(--error); }
.check h4 { margin: 0 0 4px; font-size: 14px; overflow-wrap: anywhere; }
.rec { background: #ddf4ff; border-radius: 4px; padding: 6px 8px; margin: 6px 0; }
details { margin: 6px 0; }
summary { cursor: pointer; overflow-wrap: anywhere; }
table.headers { width: auto; } table.headers th { background: none; font-weight: 500; }
.exchange { border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; padding: 6px 10px; background: var(--panel); }
pre { background: #fff; border: 1px solid var(--line); border-radius: 4px; padding: 8px; margin: 4px 0;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 360px; overflow: auto;
  font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.turn { border-radius: 8px; padding: 6px 10px; margin: 6px 0; max-width: 85%; }
.turn pre.say { font: inherit; background: none; border: 0; padding: 0; margin: 0; max-height: none; }
.turn.user { background: #ddf4ff; }
.turn.agent { background: var(--panel); margin-left: auto; }
.turn .role { display: block; font-size: 11px; color: var(--muted); text-transform: uppercase; }
.chart { max-width: 100%; height: auto; }
.chart text { fill: var(--fg); }
.chart text.n { fill: var(--muted); }
.ok { color: var(--pass); } .bad { color: var(--fail); } .warn { color: var(--error); }
`;
