/** The product figures (kpis.ts) as sections of the HTML review: inline SVG and tables, no scripts. */
import { type Kpis, notListed } from "./kpis.ts";
import { WEEKLY_TOOLS } from "./weekly.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
const signedPct = (x: number | null) => (x === null ? "n/a" : `${x > 0 ? "+" : ""}${(x * 100).toFixed(1)}%`);
/** The weekly chart's series keep these colours in every chart of the review. */
export const COLOURS: Record<string, string> = {
  search_components: "#2563eb",
  get_component: "#16a34a",
  "registry/item": "#d97706",
};

/** One bar per series and ISO week, each labelled with its calls and its change on the week before. */
function weeklyChart(k: Kpis): string {
  if (!k.weekly.length) return `<p class="none">No data.</p>`;
  const max = Math.max(1, ...k.weekly.flatMap((w) => WEEKLY_TOOLS.map((t) => w[t].calls)));
  const W = 760,
    chartH = 180,
    top = 28,
    left = 10;
  const groupW = Math.min(150, Math.floor((W - left) / k.weekly.length));
  const barW = Math.floor((groupW - 24) / WEEKLY_TOOLS.length);
  const groups = k.weekly.map((w, i) => {
    const x0 = left + i * groupW + 12;
    const bars = WEEKLY_TOOLS.map((t, j) => {
      const c = w[t];
      const h = Math.max(1, (c.calls / max) * chartH);
      const x = x0 + j * barW;
      const y = top + chartH - h;
      return (
        `<rect x="${x}" y="${y.toFixed(1)}" width="${barW - 4}" height="${h.toFixed(1)}" fill="${COLOURS[t]}"${w.partial ? ` fill-opacity="0.45"` : ""}><title>${esc(w.week)} ${t}: ${c.calls} (${signedPct(c.change_rate)})</title></rect>` +
        `<text x="${x + (barW - 4) / 2}" y="${(y - 14).toFixed(1)}" text-anchor="middle">${c.calls}</text>` +
        `<text x="${x + (barW - 4) / 2}" y="${(y - 3).toFixed(1)}" text-anchor="middle" class="small">${signedPct(c.change_rate)}</text>`
      );
    }).join("");
    const mid = x0 + (barW * WEEKLY_TOOLS.length) / 2 - 2;
    const label = `<text x="${mid}" y="${top + chartH + 14}" text-anchor="middle">${esc(w.week)}${w.partial ? "*" : ""}</text><text x="${mid}" y="${top + chartH + 27}" text-anchor="middle" class="small">${esc(w.from.slice(5))}–${esc(w.to.slice(5))}</text>`;
    return bars + label;
  });
  const axis = `<line x1="${left}" y1="${top + chartH}" x2="${left + k.weekly.length * groupW}" y2="${top + chartH}" stroke="#9ca3af"/>`;
  const legend = WEEKLY_TOOLS.map((t) => `<span class="key"><i style="background:${COLOURS[t]}"></i>${t}</span>`).join(
    " ",
  );
  return `<svg viewBox="0 0 ${W} ${top + chartH + 34}" width="100%" role="img" aria-label="Weekly volume">${axis}${groups.join("")}</svg><p>${legend} <span class="none">* partial week: some days not counted yet, or their month's counters missing. Percentages: change on the week before.</span></p>`;
}

const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;

function fidelity(k: Kpis): string {
  const f = k.fidelity;
  if (f.no_run)
    return `<p class="flag">No smoke run this month: payload fidelity is unknown. Run <code>npm run smoke</code> after each deploy.</p>`;
  return (
    `<p><b>${pct(f.fidelity)}</b> of ${f.get_component_checks} get_component payloads hashed to the reference's body (target 100%).</p>` +
    table(
      ["When", "Result", "Hashes matched", "Endpoint", "Reference"],
      f.runs.map((r) => [
        r.ts,
        r.ok ? "pass" : "FAIL",
        `${r.hashes_matched} / ${r.get_component_checks}`,
        r.url,
        r.reference,
      ]),
    )
  );
}

function validations(k: Kpis): string {
  const v = k.validations;
  const summary = `<p>${v.calls} successful calls: <b>${v.function}</b> edits parsed by the validate function, <b>${v.isolate}</b> in the isolate (${pct(v.isolate_rate)} of parsed edits), ${v.unchanged} with the delivered bytes unchanged.</p>`;
  if (!v.isolate) return summary;
  return `${summary}<p class="flag">On Netlify, edits parsed in the isolate mean the edge's validate function did not answer: the log lines <code>[mcp] validate function did not answer</code> say why; <code>npm run smoke</code> checks the function.</p>`;
}

function unanswered(k: Kpis): string {
  const u = k.unanswered;
  const summary = `<p>${u.searches} searches: <b>${u.zero_results}</b> found nothing (${pct(u.zero_rate)}), <b>${u.weak}</b> matched only some words (${pct(u.weak_rate)}). Queries are listed once ${u.min_clients} distinct client${u.min_clients === 1 ? "" : "s"} sent them${notListed(u) ? `; not listed: ${notListed(u)} (--all-queries lists them)` : ""}.</p>`;
  const queries = u.queries.length
    ? table(
        ["Query (normalized)", "Searches", "Clients", "No result", "Some words"],
        u.queries.map((q) => [q.query, String(q.count), String(q.clients), String(q.none), String(q.weak)]),
      )
    : `<p class="none">No query to list.</p>`;
  const absent = u.absent.length
    ? table(
        ["Interface the catalog does not carry", "Searches", "Clients (at most)"],
        u.absent.map((a) => [a.interface, String(a.searches), String(a.clients)]),
      )
    : `<p class="none">No search named an interface the catalog does not carry.</p>`;
  return `${summary}${queries}<h3>Interfaces they named that the catalog does not carry</h3>${absent}`;
}

export const KPIS_CSS =
  "table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border-bottom:1px solid #e5e7eb;padding:.3rem .5rem;text-align:left}" +
  "th{color:#6b7280;font-weight:600}.flag{color:#b91c1c;font-weight:600}";

export function renderKpisHtml(k: Kpis): string {
  const c = k.chatbot;
  return [
    `<h2>Weekly volume: search_components and get_component per ISO week</h2>${weeklyChart(k)}`,
    `<h2>Payload fidelity (deploy smoke)</h2>${fidelity(k)}`,
    `<h2>Chatbot component awareness</h2><p><b>${pct(c.awareness)}</b> of ${c.patterns} patterns in ${c.answers} answers carried hasGeneratedComponent (target 100%); ${c.with_component} have a component.</p>`,
    `<h2>Where edits were validated</h2>${validations(k)}`,
    `<h2>What agents looked for and did not find</h2>${unanswered(k)}`,
  ].join("\n");
}
