/**
 * Findings are about what the edit changed. The delivered version and the edited one are each read
 * into occurrences (rules.ts), and only the excess counts: for each (rule, role, literal), the
 * occurrences the edited code has beyond the delivered code's. A construct the catalog already uses,
 * the same literal in the same role, is never a finding, however the code around it moved or was
 * reformatted; a colour picker's palette data stays quiet. Accessibility counts the other way: fewer
 * aria-* / role attributes, keyboard handlers or focusable controls than delivered is a regression.
 *
 * And the component itself: an edit that replaces the file with something else (an unrelated export,
 * a function that returns null, a stray value) has none of the constructs the rules object to, so it
 * would pass; losing the default export (what the preview and every project import as the component)
 * or every JSX element is `component_lost`. The delivered code decides what there is to lose: a
 * version without a default export cannot lose one, and one without JSX cannot lose its elements.
 *
 * Counts decide whether there is a finding; a line diff (lines.ts) only decides where it points: of
 * several equal occurrences, the ones on lines the edit changed; for something removed, where it was.
 */
import { diffLines, type LineDiff, lineDiff, lineIndex } from "./lines.ts";
import { type Occurrence, RULES, type Rule } from "./rules.ts";
import type { A11y, Component } from "./scanned.ts";

export interface Finding {
  rule: Rule;
  severity: (typeof RULES)[Rule];
  message: string;
  /** 1-based line in the edited code. */
  line: number;
  suggestion: string;
}

export interface Version {
  code: string;
  occurrences: Occurrence[];
  a11y: A11y[];
  component: Component;
  /** Its lines for the diff, split on first use (the delivered version's are kept with it). */
  lines?: string[];
}

const A11Y = {
  aria: {
    label: "aria-* and role attributes",
    suggestion:
      "Keep the delivered aria-* and role attributes on the elements that had them (names, states, relations).",
  },
  keyboard: {
    label: "keyboard handlers",
    suggestion:
      "Keep the delivered keyboard handling (onKeyDown and the like): the pattern's keyboard support relies on it.",
  },
  focusable: {
    label: "focusable controls",
    suggestion:
      "Keep interactive elements focusable: native button, a with href, input, or tabIndex. A component of your " +
      "own in their place must render one.",
  },
} as const;

const KEEP =
  "Adapt the delivered component in place (its props, state and wiring) rather than replace it, and keep it the " +
  "file's default export: the preview and the projects that use it import it so.";

const keyOf = (o: Occurrence) => `${o.rule}\u0000${o.role}\u0000${o.literal}`;

function group<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

export function compare(base: Version, edited: Version): Finding[] {
  const lineOfEdited = lineIndex(edited.code);
  let lineOfBase: ((offset: number) => number) | undefined;
  let diff: LineDiff | undefined;
  const changes = () => (diff ??= lineDiff((base.lines ??= diffLines(base.code)), diffLines(edited.code)));
  const findings: Finding[] = [];

  const had = base.component.exported;
  const has = edited.component.exported;
  if (had && !has) {
    // Where the export was.
    const line = (lineOfBase ??= lineIndex(base.code))(had.at);
    const what = had.name ? `exports ${had.name} as its default export` : "has a default export";
    findings.push({
      rule: "component_lost",
      severity: RULES.component_lost,
      message: `The component is gone: the delivered code ${what} (its line ${line}); this code has no default export.`,
      line: changes().toEdited(line),
      suggestion: had.name ? `${KEEP} Export ${had.name} as the default again, as delivered.` : KEEP,
    });
  } else if (has && base.component.elements > 0 && edited.component.elements === 0) {
    findings.push({
      rule: "component_lost",
      severity: RULES.component_lost,
      message:
        `The component renders nothing: the delivered code has ${base.component.elements} JSX elements, ` +
        "this code none.",
      line: lineOfEdited(has.at),
      suggestion: `Keep the delivered markup, its elements and their attributes. ${KEEP}`,
    });
  }

  const baseCounts = new Map<string, number>();
  for (const o of base.occurrences) baseCounts.set(keyOf(o), (baseCounts.get(keyOf(o)) ?? 0) + 1);
  for (const [key, occs] of group(edited.occurrences, keyOf)) {
    const excess = occs.length - (baseCounts.get(key) ?? 0);
    if (excess <= 0) continue;
    let picked = occs.map((o) => ({ o, line: lineOfEdited(o.at) }));
    if (excess < occs.length) {
      // Of equal constructs, the ones on changed lines are the edit's; in order, then the last ones.
      const changed = picked.filter((p) => changes().editedChanged(p.line));
      const rest = picked.filter((p) => !changes().editedChanged(p.line)).reverse();
      picked = [...changed, ...rest].slice(0, excess);
    }
    for (const { o, line } of picked)
      findings.push({ rule: o.rule, severity: RULES[o.rule], message: o.message, line, suggestion: o.suggestion });
  }

  for (const kind of Object.keys(A11Y) as (keyof typeof A11Y)[]) {
    const had = base.a11y.filter((a) => a.kind === kind);
    const has = edited.a11y.filter((a) => a.kind === kind);
    if (has.length >= had.length) continue;
    // The first of the delivered ones the edit has fewer of, preferring one on a line it changed.
    lineOfBase ??= lineIndex(base.code);
    const count = (list: A11y[]) => new Map([...group(list, (a) => a.key)].map(([k, v]) => [k, v.length]));
    const there = count(had);
    const here = count(has);
    const lost = had.filter((a) => there.get(a.key)! > (here.get(a.key) ?? 0));
    const first = lost.find((a) => changes().baseChanged(lineOfBase!(a.at))) ?? lost[0];
    const { label, suggestion } = A11Y[kind];
    findings.push({
      rule: "a11y_regression",
      severity: RULES.a11y_regression,
      message:
        `Fewer ${label} than the delivered version: ${had.length} there, ${has.length} here ` +
        `(the delivered code had ${first.key} at its line ${lineOfBase(first.at)}).`,
      line: changes().toEdited(lineOfBase(first.element)),
      suggestion,
    });
  }

  const order = Object.keys(RULES);
  return findings.sort((a, b) => a.line - b.line || order.indexOf(a.rule) - order.indexOf(b.rule));
}
