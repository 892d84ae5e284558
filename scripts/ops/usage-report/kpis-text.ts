/** The product figures (kpis.ts) as lines of the readable review. */
import { type Kpis, notListed } from "./kpis.ts";
import { WEEKLY_TOOLS } from "./weekly.ts";

const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(2)}%`);
const signed = (n: number | null) => (n === null ? "n/a" : n > 0 ? `+${n}` : String(n));
const signedPct = (x: number | null) => (x === null ? "n/a" : `${x > 0 ? "+" : ""}${(x * 100).toFixed(1)}%`);

function weekly(k: Kpis): string[] {
  const head = `  ${"week".padEnd(9)} ${"days".padEnd(26)} ${WEEKLY_TOOLS.map((t) => t.padStart(28)).join(" ")}`;
  const rows = k.weekly.map((w) => {
    const cells = WEEKLY_TOOLS.map((t) => {
      const c = w[t];
      return `${c.calls} (${signed(c.change)}, ${signedPct(c.change_rate)})`.padStart(28);
    });
    return `  ${w.week.padEnd(9)} ${`${w.from}..${w.to.slice(5)}`.padEnd(18)}${(w.partial ? "partial" : "").padEnd(8)} ${cells.join(" ")}`;
  });
  return [
    "Weekly volume (ISO weeks; calls, change on the week before: absolute, relative)",
    head,
    ...rows,
    "  partial: some days are not counted yet, or their month's counters are missing",
  ];
}

function fidelity(k: Kpis): string[] {
  const f = k.fidelity;
  if (f.no_run)
    return ["Payload fidelity", "  NO SMOKE RUN this month: fidelity unknown (run npm run smoke after each deploy)"];
  return [
    `Payload fidelity ${pct(f.fidelity)} (${f.hashes_matched} of ${f.get_component_checks} get_component hashes = the reference's body; target 100%: ${f.fidelity === f.target ? "met" : "MISSED"})`,
    ...f.runs.map(
      (r) =>
        `  ${r.ts}  ${r.ok ? "pass" : "FAIL"}  ${r.hashes_matched}/${r.get_component_checks}  ${r.url}  (against ${r.reference})`,
    ),
  ];
}

function chatbot(k: Kpis): string[] {
  const c = k.chatbot;
  return [
    `Chatbot awareness ${pct(c.awareness)} (${c.with_flag} of ${c.patterns} patterns carried hasGeneratedComponent, in ${c.answers} answers; ${c.with_component} with a component; target 100%${c.awareness === null ? "" : `: ${c.awareness === c.target ? "met" : "MISSED"}`})`,
    ...(c.unavailable ? [`  ${c.unavailable} answer(s) were given without the catalog (unavailable)`] : []),
  ];
}

function validations(k: Kpis): string[] {
  const v = k.validations;
  return [
    `Where edits were validated (validate_component, ${v.calls} successful calls): the validate function ${v.function}, ` +
      `the isolate ${v.isolate} (${pct(v.isolate_rate)} of parsed edits), unchanged bytes ${v.unchanged}`,
    ...(v.isolate
      ? [
          "  ISOLATE: on Netlify these edits were parsed at the edge because its validate function did not answer; " +
            "the log lines `[mcp] validate function did not answer` say why, and npm run smoke checks the function",
        ]
      : []),
  ];
}

function unanswered(k: Kpis): string[] {
  const u = k.unanswered;
  const lines = [
    "What agents looked for and did not find",
    `  searches ${u.searches}: no result ${u.zero_results} (${pct(u.zero_rate)}), best hit only some words ${u.weak} (${pct(u.weak_rate)})`,
    `  queries sent by at least ${u.min_clients} distinct client${u.min_clients === 1 ? "" : "s"}${notListed(u) ? ` (not listed: ${notListed(u)}; --all-queries lists them)` : ""}:`,
  ];
  const width = Math.max(...u.queries.map((q) => String(q.count).length));
  const queries = u.queries.length
    ? u.queries.map(
        (q) =>
          `    ${String(q.count).padStart(width)}  (${q.clients} client${q.clients === 1 ? "" : "s"}; none ${q.none}, weak ${q.weak})  ${q.query}`,
      )
    : ["    (none)"];
  const absent = u.absent.map(
    (a) =>
      `    ${a.interface}: ${a.searches} search${a.searches === 1 ? "" : "es"}, at most ${a.clients} client${a.clients === 1 ? "" : "s"}`,
  );
  return [
    ...lines,
    ...queries,
    "  interfaces they named that the catalog does not carry:",
    ...(absent.length ? absent : ["    (none)"]),
  ];
}

export const renderKpisText = (k: Kpis): string[] => [
  ...weekly(k),
  "",
  ...fidelity(k),
  "",
  ...chatbot(k),
  "",
  ...validations(k),
  "",
  ...unanswered(k),
];
