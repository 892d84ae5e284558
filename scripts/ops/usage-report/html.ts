/** The monthly review as one self-contained HTML page: inline CSS and SVG, no scripts, no external assets. */
import {
  agentLabel,
  humanBytes,
  patternLabel,
  pct,
  ranked,
  type Report,
  TOOLS_TITLE,
  type Titles,
  UNKNOWN_BY_UA_TITLE,
  versionLabel,
} from "./report.ts";
import { REGISTRY_METHODS } from "../../../src/usage/event.ts";
import type { Counts } from "../../../src/usage/monthly.ts";
import { COLOURS, KPIS_CSS, renderKpisHtml } from "./kpis-html.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A fixed palette: series keep their colour across charts. */
const PALETTE = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#0891b2", "#4b5563", "#db2777"];

/** Horizontal bars, one row per key, largest first. */
function hbars(c: Counts, label: (k: string) => string = (k) => k, top = 10, colour = PALETTE[0]): string {
  const rows = ranked(c).slice(0, top);
  if (!rows.length) return `<p class="none">No data.</p>`;
  const max = Math.max(...rows.map(([, n]) => n));
  const rowH = 26,
    labelW = 300,
    barW = 360,
    h = rows.length * rowH;
  const bars = rows.map(([k, n], i) => {
    const w = Math.max(2, Math.round((n / max) * barW));
    const y = i * rowH;
    const text = label(k);
    // About 40 characters fit the label column at 12px; the full label is in the tooltip.
    return (
      `<text x="${labelW - 8}" y="${y + 17}" text-anchor="end">${esc(text.length > 40 ? `${text.slice(0, 39)}…` : text)}</text>` +
      `<rect x="${labelW}" y="${y + 5}" width="${w}" height="16" rx="3" fill="${colour}"><title>${esc(text)}${text.includes(k) ? "" : ` (${esc(k)})`}: ${n}</title></rect>` +
      `<text x="${labelW + w + 6}" y="${y + 17}">${n}</text>`
    );
  });
  return `<svg viewBox="0 0 ${labelW + barW + 60} ${h}" width="100%" role="img">${bars.join("")}</svg>`;
}

/** Columns per day, stacked by tool (or method for handshakes). */
function dayColumns(byDayTool: Record<string, Counts>): string {
  const days = Object.keys(byDayTool).sort();
  if (!days.length) return `<p class="none">No data.</p>`;
  const series = ranked(
    Object.values(byDayTool).reduce<Counts>((acc, c) => {
      for (const [k, n] of Object.entries(c)) acc[k] = (acc[k] ?? 0) + n;
      return acc;
    }, {}),
  ).map(([k]) => k);
  // The weekly chart's tools keep their colours; the other tools take the palette's other colours.
  const others = PALETTE.filter((c) => !Object.values(COLOURS).includes(c));
  const rest = series.filter((k) => !COLOURS[k]);
  const colour = (k: string) => COLOURS[k] ?? others[rest.indexOf(k) % others.length];
  const totals = days.map((d) => Object.values(byDayTool[d]).reduce((s, n) => s + n, 0));
  const max = Math.max(...totals);
  // A fixed drawing width, so one day and thirty-one days scale the same; columns are at most 40 wide.
  const W = 760,
    chartH = 200,
    left = 40,
    top = 10;
  const colW = Math.max(4, Math.min(40, Math.floor((W - left - 10) / days.length)));
  const cols = days.map((d, i) => {
    let y = top + chartH;
    const x = left + i * colW;
    const parts = series
      .filter((k) => byDayTool[d][k])
      .map((k) => {
        const h = (byDayTool[d][k] / max) * chartH;
        y -= h;
        return `<rect x="${x + 2}" y="${y.toFixed(1)}" width="${colW - 4}" height="${h.toFixed(1)}" fill="${colour(k)}"><title>${esc(d)} ${esc(k)}: ${byDayTool[d][k]}</title></rect>`;
      });
    const label = `<text x="${x + colW / 2}" y="${top + chartH + 14}" text-anchor="middle" class="small">${esc(d.slice(8))}</text>`;
    return parts.join("") + label;
  });
  const axis = `<text x="${left - 6}" y="${top + 10}" text-anchor="end" class="small">${max}</text><line x1="${left}" y1="${top + chartH}" x2="${left + days.length * colW}" y2="${top + chartH}" stroke="#9ca3af"/>`;
  const legend = series
    .map((k) => `<span class="key"><i style="background:${colour(k)}"></i>${esc(k)}</span>`)
    .join(" ");
  return `<svg viewBox="0 0 ${W} ${top + chartH + 22}" width="100%" role="img">${axis}${cols.join("")}</svg><p>${legend}</p>`;
}

/** A bar split into ok / client errors / infra errors, with the 2% infra target marked. */
function errorBar(r: Report): string {
  const total = r.calls || 1;
  const ok = r.calls - r.errors.infra - r.errors.client;
  const W = 700;
  const seg = [
    ["ok", ok, PALETTE[1]],
    ["client errors", r.errors.client, PALETTE[2]],
    ["infra errors", r.errors.infra, PALETTE[4]],
  ] as const;
  let x = 0;
  const rects = seg.map(([name, n, c]) => {
    const w = (n / total) * W;
    const out = `<rect x="${x.toFixed(1)}" y="0" width="${w.toFixed(1)}" height="24" fill="${c}"><title>${name}: ${n} (${pct(n / total)})</title></rect>`;
    x += w;
    return out;
  });
  const target = W - r.errors.infra_target * W;
  return `<svg viewBox="0 0 ${W} 40" width="100%" role="img">${rects.join("")}<line x1="${target}" y1="0" x2="${target}" y2="32" stroke="#111" stroke-dasharray="3 2"/><text x="${target - 4}" y="38" text-anchor="end" class="small">infra budget 2%</text></svg>`;
}

export function renderHtml(r: Report, titles: Titles = {}): string {
  const ms = (v: number | null) => (v === null ? "n/a" : `≤ ${v} ms`);
  const tiles = [
    ["Calls", String(r.calls)],
    ["Tool calls", String(r.tool_calls)],
    [
      "Registry requests",
      `${r.by_method[REGISTRY_METHODS.item] ?? 0} items, ${r.by_method[REGISTRY_METHODS.index] ?? 0} index`,
    ],
    ["Unique clients", String(r.unique_clients)],
    ["Bytes served", humanBytes(r.bytes)],
    ["Infra errors", `${pct(r.errors.infra_rate)} ${r.errors.infra_within_target ? "✓ < 2%" : "✗ ≥ 2%"}`],
    ["Client errors", pct(r.errors.client_rate)],
    ["Duration p50 / p95", `${ms(r.duration_ms.p50)} / ${ms(r.duration_ms.p95)}`],
    [
      "get_component p95 (ok)",
      `${ms(r.duration_ms.get_component_ok_p95)} (target < ${r.duration_ms.get_component_target} ms)`,
    ],
  ]
    .map(([k, v]) => `<div class="tile"><div class="k">${esc(k)}</div><div class="v">${esc(v)}</div></div>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PATTTTERNS MCP usage ${esc(r.month)}</title>
<style>
body{font:15px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:980px;padding:0 1rem;color:#111827;background:#fff}
h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:2rem 0 .5rem}.sub{color:#6b7280;margin:0 0 1.5rem}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:.75rem}
.tile{border:1px solid #e5e7eb;border-radius:8px;padding:.6rem .8rem}.k{color:#6b7280;font-size:.8rem}.v{font-size:1.15rem;font-weight:600}
svg text{font-size:12px;fill:#374151}svg .small{font-size:10px}.none{color:#6b7280}
.key{display:inline-block;margin-right:1rem;font-size:.85rem}.key i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
${KPIS_CSS}
</style></head><body>
<h1>PATTTTERNS MCP usage — ${esc(r.month)}</h1>
<p class="sub">${r.updated_at ? `Folded ${esc(r.updated_at)}. ` : ""}Clients are counted by keyed hash (HMAC-SHA-256, per-month salt); no raw IP is stored.</p>
<div class="tiles">${tiles}</div>
${renderKpisHtml(r)}
<h2>Calls per day, by tool</h2>${dayColumns(r.by_day_tool)}
<h2>${esc(TOOLS_TITLE)}</h2>${hbars(r.by_tool)}
<h2>Errors</h2>${errorBar(r)}
<h2>Status</h2>${hbars(r.by_status, undefined, 20, PALETTE[6])}
<h2>Top patterns</h2>${hbars(r.by_pattern, (k) => titles[k] ?? patternLabel(k, titles), 10, PALETTE[3])}
<h2>Top versions served</h2>${hbars(r.by_version, (k) => versionLabel(k, titles), 10, PALETTE[5])}
<h2>Agents</h2>${hbars(r.by_agent, agentLabel, 10, PALETTE[2])}
${Object.keys(r.unknown_by_user_agent).length ? `<h2>${esc(UNKNOWN_BY_UA_TITLE)}</h2>${hbars(r.unknown_by_user_agent, undefined, 10, PALETTE[6])}\n` : ""}<h2>Protocol</h2>${hbars(r.by_protocol, undefined, 10, PALETTE[7])}
</body></html>
`;
}
