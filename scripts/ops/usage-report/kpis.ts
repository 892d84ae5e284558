/**
 * The review's product figures beyond the monthly counters' own: weekly volume (weekly.ts), payload
 * fidelity from the deploy smoke's records, the chatbot's component awareness, where edits were
 * validated, and what agents looked for and did not find.
 */
import type { Monthly } from "../../../src/usage/monthly.ts";
import type { Unanswered } from "../../../src/usage/unanswered.ts";
import type { SmokeRecord } from "../smoke/record.ts";
import { type WeekRow, weeklyVolume } from "./weekly.ts";

/** Targets of the product's definition: every hash matches, every chatbot pattern carries the flag. */
export const KPI_TARGETS = { fidelity: 1, chatbotAwareness: 1 } as const;
/** A query is listed once this many distinct clients sent it; `--all-queries` lowers it to 1. */
export const MIN_CLIENTS = 2;
/** Queries listed by default, most sent first; `--all-queries` lists every one. */
export const TOP_QUERIES = 20;

export interface Fidelity {
  runs: SmokeRecord[];
  get_component_checks: number;
  hashes_matched: number;
  /** hashes_matched / get_component_checks; null without a check. */
  fidelity: number | null;
  target: number;
  /** The month had no smoke run: fidelity is not known. */
  no_run: boolean;
}

export interface Awareness {
  answers: number;
  /** Answers given without the catalog (it was unavailable): they hold no pattern. */
  unavailable: number;
  patterns: number;
  with_flag: number;
  with_component: number;
  /** with_flag / patterns; null without a pattern. */
  awareness: number | null;
  target: number;
}

/** Successful validate_component calls by where the edit was parsed (monthly.ts `validations`). */
export interface Validations {
  calls: number;
  function: number;
  isolate: number;
  /** The delivered bytes came back: nothing was parsed. */
  unchanged: number;
  /**
   * isolate / (function + isolate): on Netlify, the edits the edge parsed itself because its function
   * did not answer; null without a parsed edit.
   */
  isolate_rate: number | null;
}

export interface UnansweredQuery {
  query: string;
  /** Searches that sent it: none + weak. */
  count: number;
  clients: number;
  none: number;
  weak: number;
}

export interface UnansweredReport {
  /** Successful searches (search_patterns and search_components) of the month. */
  searches: number;
  zero_results: number;
  weak: number;
  zero_rate: number;
  weak_rate: number;
  /** Distinct clients a query needs to be listed (2, or 1 with --all-queries). */
  min_clients: number;
  /** The top TOP_QUERIES of them by searches, or every one with --all-queries. */
  queries: UnansweredQuery[];
  /** Queries sent by enough clients but past the top TOP_QUERIES: not listed (0 with --all-queries). */
  more: number;
  /** Queries sent by fewer clients than min_clients: counted above, not listed. */
  hidden: number;
  /**
   * The interfaces those searches named that the catalog does not carry (absent-interfaces.txt), as
   * the list spells them, most clients first: every one, whatever its clients, since each is a phrase
   * of the catalog's own list. `clients` counts client-and-query tokens, so a client that named one
   * interface in two wordings counts twice: it is the distinct clients or more.
   */
  absent: { interface: string; searches: number; clients: number }[];
}

export interface Kpis {
  weekly: WeekRow[];
  fidelity: Fidelity;
  chatbot: Awareness;
  validations: Validations;
  unanswered: UnansweredReport;
}

export interface KpiSources {
  /** The counters of the months before and after, null when the store holds none. */
  previous?: Monthly | null;
  next?: Monthly | null;
  smoke?: SmokeRecord[];
  unanswered?: Unanswered;
  allQueries?: boolean;
  /** The list's phrase for the words searches named a missing interface with (interfaces.ts); the words without it. */
  interfaceOf?: (words: string) => string;
  /** The last day counted (YYYY-MM-DD): later days are not known yet. */
  today?: string;
}

/** What the review leaves out of its list, in words ("5 more past the top 20 and 2 sent by fewer"), or "". */
export function notListed(u: UnansweredReport): string {
  const parts = [
    ...(u.more ? [`${u.more} more past the top ${u.queries.length}`] : []),
    ...(u.hidden ? [`${u.hidden} sent by fewer`] : []),
  ];
  return parts.join(" and ");
}

/** The searches' missing interfaces, their wordings counted together under the list's phrase. */
function missingInterfaces(src: KpiSources): UnansweredReport["absent"] {
  const named = new Map<string, { searches: number; tokens: Set<string> }>();
  for (const [words, a] of Object.entries(src.unanswered?.absent ?? {})) {
    const name = src.interfaceOf?.(words) ?? words;
    const n = named.get(name) ?? { searches: 0, tokens: new Set<string>() };
    n.searches += a.searches;
    for (const t of a.tokens) n.tokens.add(t);
    named.set(name, n);
  }
  return [...named]
    .map(([name, n]) => ({ interface: name, searches: n.searches, clients: n.tokens.size }))
    .sort((a, b) => b.clients - a.clients || b.searches - a.searches || (a.interface < b.interface ? -1 : 1));
}

const share = (n: number, d: number) => (d ? Math.round((n / d) * 10000) / 10000 : null);

export function buildKpis(m: Monthly, src: KpiSources = {}): Kpis {
  const today = src.today ?? new Date().toISOString().slice(0, 10);
  const months = [
    { month: m.month, by_day_tool: m.by_day_tool },
    ...[src.previous, src.next].filter((x) => x).map((x) => ({ month: x!.month, by_day_tool: x!.by_day_tool })),
  ];
  const runs = src.smoke ?? [];
  const checks = runs.reduce((s, r) => s + r.get_component_checks, 0);
  const matched = runs.reduce((s, r) => s + r.hashes_matched, 0);
  const c = m.chatbot;
  const v = m.validations;
  const [byFunction, inIsolate] = [v.function ?? 0, v.isolate ?? 0];
  const searches = Object.values(m.searches).reduce((s, n) => s + n, 0);
  const zero = m.searches.none ?? 0;
  const weak = m.searches.some_words ?? 0;
  const min = src.allQueries ? 1 : MIN_CLIENTS;
  const all = Object.entries(src.unanswered?.queries ?? {})
    .map(([query, q]) => ({ query, count: q.none + q.weak, clients: q.tokens.length, none: q.none, weak: q.weak }))
    .sort((a, b) => b.count - a.count || b.clients - a.clients || (a.query < b.query ? -1 : 1));
  const listed = all.filter((q) => q.clients >= min);
  const shown = src.allQueries ? listed : listed.slice(0, TOP_QUERIES);
  return {
    weekly: weeklyVolume(m.month, months, today),
    fidelity: {
      runs,
      get_component_checks: checks,
      hashes_matched: matched,
      fidelity: share(matched, checks),
      target: KPI_TARGETS.fidelity,
      no_run: runs.length === 0,
    },
    chatbot: {
      ...c,
      awareness: share(c.with_flag, c.patterns),
      target: KPI_TARGETS.chatbotAwareness,
    },
    validations: {
      calls: Object.values(v).reduce((s, n) => s + n, 0),
      function: byFunction,
      isolate: inIsolate,
      unchanged: v.unchanged ?? 0,
      isolate_rate: share(inIsolate, byFunction + inIsolate),
    },
    unanswered: {
      searches,
      zero_results: zero,
      weak,
      zero_rate: share(zero, searches) ?? 0,
      weak_rate: share(weak, searches) ?? 0,
      min_clients: min,
      queries: shown,
      more: listed.length - shown.length,
      hidden: all.length - listed.length,
      absent: missingInterfaces(src),
    },
  };
}
