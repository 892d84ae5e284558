/**
 * Golden cases of validate_component's validator over the fixtures: each rule broken exactly once
 * by an edit of a fixture version yields that one finding, at the line the edit is on (an element
 * that lost an attribute: the element's first line). The catalog itself never trips it: every fixture
 * version unchanged, and reformatted by Biome (other indentation, width, quotes, line ends), yields no
 * finding. The in-process and served tool: tests/integration/validate/tool.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { tsxSyntaxErrors } from "../../../scripts/ops/validate/check.ts";
import { BROKEN } from "../../helpers/broken.ts";
import { validateComponent } from "../../../src/validate/validate.ts";
import { fixtures } from "../../helpers/components.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const versions = fixtures.flatMap((f) =>
  f.code.map((c) => ({ label: `${f.name}/${c.versionId}`, versionId: c.versionId, text: decoder.decode(c.bytes) })),
);
const code = (label: string) => versions.find((v) => v.label === label)!.text;
const validate = (base: string, edited: string, label = "base") =>
  validateComponent({ code: base, versionId: label, sha256: `${label}:${base.length}:${base.slice(-64)}` }, edited);

/** The 1-based line of the one occurrence of `marker` in `text`. */
function lineOf(text: string, marker: string): number {
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error(`marker ${JSON.stringify(marker)} is not unique`);
  return text.slice(0, at).split("\n").length;
}

/** `text` with `from` (which must occur exactly once) replaced by `to`. */
function edit(text: string, from: string, to: string): string {
  lineOf(text, from);
  return text.replace(from, () => to);
}

interface Case {
  name: string;
  base: string;
  from: string;
  to: string;
  rule: string;
  /** A text on the finding's line, unique in the edited code. */
  at: string;
  /** Further replacements the same break needs (an import for the name it uses). */
  more?: [string, string][];
}

const DP = "date-picker/v1";
const cases: Case[] = [
  {
    name: "a Tailwind palette class in className",
    base: DP,
    from: 'gap-3 border-b border-[var(--ui-border)] pb-4"',
    to: 'gap-3 border-b border-[var(--ui-border)] pb-4 bg-slate-100"',
    rule: "hardcoded_color",
    at: "pb-4 bg-slate-100",
  },
  {
    name: "a dark: variant of a palette class in a template literal",
    base: DP,
    from: "className={`h-9 text-sm",
    to: "className={`h-9 dark:text-gray-100 text-sm",
    rule: "hardcoded_color",
    at: "dark:text-gray-100",
  },
  {
    name: "a palette class in a cn() argument",
    base: DP,
    from: '<span className="text-base">{fmt(range.end)}</span>',
    to: '<span className={cn("text-base", "hover:bg-rose-600")}>{fmt(range.end)}</span>',
    rule: "hardcoded_color",
    at: "hover:bg-rose-600",
  },
  {
    name: "a palette class in a clsx-style object key",
    base: DP,
    from: '<span className="text-base">{fmt(range.end)}</span>',
    to: '<span className={cn("text-base", { "text-red-600": !range.end })}>{fmt(range.end)}</span>',
    rule: "hardcoded_color",
    at: '"text-red-600"',
  },
  {
    name: "a palette class in a string constant",
    base: DP,
    from: "const JOURS = [",
    to: 'const SELECTED = "ring-2 ring-indigo-500";\nconst JOURS = [',
    rule: "hardcoded_color",
    at: "ring-indigo-500",
  },
  {
    name: "a hex colour in a style object",
    base: DP,
    from: '<span className="text-base">{fmt(range.start)}</span>',
    to: '<span className="text-base" style={{ color: "#ef4444" }}>{fmt(range.start)}</span>',
    rule: "hardcoded_color",
    at: '"#ef4444"',
  },
  {
    name: "a named colour in a paint attribute",
    base: DP,
    from: "<ArrowRight size={16} aria-hidden",
    to: '<ArrowRight size={16} fill="tomato" aria-hidden',
    rule: "hardcoded_color",
    at: 'fill="tomato"',
  },
  {
    name: "an rgb() colour in a framer-motion animate object",
    base: "bottom-sheet/seed",
    from: "export default function",
    to: 'const FLASH = { backgroundColor: "rgb(254 226 226)" };\n\nexport default function',
    rule: "hardcoded_color",
    at: "const FLASH",
  },
  {
    name: "a hex arbitrary value, in a tab-indented file",
    base: "accordion/seed",
    from: '<div key={item.id} className="border-b border-[var(--ui-border)]">',
    to: '<div key={item.id} className="border-b border-[#e5e7eb]">',
    rule: "hardcoded_color",
    at: "border-[#e5e7eb]",
  },
  {
    name: "a palette class, in a file with CRLF line ends",
    base: "tabs/seed",
    from: 'role="tablist"',
    to: 'role="tablist"\r\n        className="bg-zinc-50"',
    rule: "hardcoded_color",
    at: "bg-zinc-50",
  },
  {
    name: "Tailwind's font stack",
    base: DP,
    from: "text-xs uppercase tracking-widest",
    to: "font-serif text-xs uppercase tracking-widest",
    rule: "hardcoded_font",
    at: "font-serif",
  },
  {
    name: "a font family in a style object",
    base: "toggle-switch/seed",
    from: 'style={{ color: "var(--ui-success)" }}',
    to: 'style={{ color: "var(--ui-success)", fontFamily: "Inter, sans-serif" }}',
    rule: "hardcoded_font",
    at: "Inter, sans-serif",
  },
  {
    name: "one of Tailwind's radii",
    base: DP,
    from: 'className="rounded-[var(--ui-corners)] bg-[var(--ui-accent)] px-4',
    to: 'className="rounded-xl bg-[var(--ui-accent)] px-4',
    rule: "hardcoded_radius",
    at: "rounded-xl",
  },
  {
    name: "a radius number in a style object",
    base: "toggle-switch/seed",
    from: 'style={{ color: "var(--ui-success)" }}',
    to: 'style={{ color: "var(--ui-success)", borderRadius: 6 }}',
    rule: "hardcoded_radius",
    at: "borderRadius: 6",
  },
  {
    name: "an unknown --ui-* token",
    base: DP,
    from: 'text-[var(--ui-text-muted)]">Séjour',
    to: 'text-[var(--ui-muted)]">Séjour',
    rule: "unknown_token",
    at: "--ui-muted)",
  },
  {
    name: "an unknown token, in a file that starts with a BOM",
    base: "breadcrumbs/seed",
    from: "export default function",
    to: 'const GAP = "var(--ui-gap)";\nexport default function',
    rule: "unknown_token",
    at: "--ui-gap",
  },
  {
    name: "an import from outside the catalog's packages",
    base: DP,
    from: 'import { ArrowRight, ChevronLeft, ChevronRight, RotateCcw } from "lucide-react";',
    to: 'import { ArrowRight, ChevronLeft, ChevronRight, RotateCcw } from "lucide-react";\nimport { format } from "date-fns";',
    rule: "import_not_allowed",
    at: "date-fns",
  },
  {
    name: "a lucide-react name the pinned version does not export",
    base: DP,
    from: "ArrowRight, ChevronLeft, ChevronRight, RotateCcw }",
    to: "ArrowRight, ChevronLeft, ChevronRight, RotateCcw, CalendarRangeFilled }",
    rule: "unknown_icon",
    at: "CalendarRangeFilled",
  },
  {
    name: "an unknown icon through a namespace import",
    base: DP,
    from: "<RotateCcw size={12} aria-hidden /> Effacer",
    to: "<Icons.RotateCcwSparkle size={12} aria-hidden /> Effacer",
    rule: "unknown_icon",
    at: "Icons.RotateCcwSparkle",
    more: [['from "lucide-react";', 'from "lucide-react";\nimport * as Icons from "lucide-react";']],
  },
  {
    name: "an aria-label removed",
    base: DP,
    from: '<button type="button" aria-label="Mois suivant" onClick',
    to: '<button type="button" onClick',
    rule: "a11y_regression",
    at: "onClick={() => shift(1)}",
  },
  {
    name: "an aria attribute removed from a multi-line element (the element's first line)",
    base: "accordion/seed",
    from: "\t\t\t\t\t\t\t\t\taria-controls={panelId}\n",
    to: "",
    rule: "a11y_regression",
    at: "\t\t\t\t\t\t\t\t<button\n",
  },
  {
    name: "a keyboard handler removed",
    base: "accordion/seed",
    from: "\t\t\t\t\t\t\t\t\tonKeyDown={(event) => onKeyDown(event, index)}\n",
    to: "",
    rule: "a11y_regression",
    at: "\t\t\t\t\t\t\t\t<button\n",
  },
  {
    name: "a button turned into a span",
    base: DP,
    from: '<button type="button" aria-label="Mois précédent" onClick={() => shift(-1)} className="grid h-8 w-8 place-items-center focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--ui-ring)]"><ChevronLeft size={16} /></button>',
    to: '<span role="button" aria-label="Mois précédent" onClick={() => shift(-1)} className="grid h-8 w-8 place-items-center"><ChevronLeft size={16} /></span>',
    rule: "a11y_regression",
    at: 'role="button"',
  },
  {
    name: "the default export removed, the function kept",
    base: DP,
    from: "export default function DateRangePicker(",
    to: "function DateRangePicker(",
    rule: "component_lost",
    at: "function DateRangePicker(",
  },
  {
    name: "an unterminated string",
    base: DP,
    from: '"sa", "di"];',
    to: '"sa", "di];',
    rule: "parse_error",
    at: '"di];',
  },
  {
    name: "a closing tag that names another element",
    base: DP,
    from: "{MOIS[month]} {year}</h3>",
    to: "{MOIS[month]} {year}</h4>",
    rule: "parse_error",
    at: "</h4>",
  },
  {
    name: "an element left open",
    base: DP,
    from: '<span className="text-base">{fmt(range.end)}</span>',
    to: '<span className="text-base">{fmt(range.end)}',
    rule: "parse_error",
    at: "{fmt(range.end)}\n",
  },
];

describe("each rule, broken exactly once, yields that one finding at its line", () => {
  it.each(cases)("$rule: $name", ({ base, from, to, rule, at, more = [] }) => {
    const original = code(base);
    const edited = more.reduce((text, [a, b]) => edit(text, a, b), edit(original, from, to));
    const result = validate(original, edited, base);
    expect(result.findings).toHaveLength(1);
    const [finding] = result.findings;
    expect(finding.rule).toBe(rule);
    expect(finding.line).toBe(lineOf(edited, at));
    expect(finding.severity).toBe(
      ["parse_error", "component_lost", "unknown_token", "unknown_icon", "hardcoded_color"].includes(rule)
        ? "error"
        : "warning",
    );
    expect(result.ok).toBe(finding.severity !== "error");
    expect(finding.message.length).toBeGreaterThan(10);
    expect(finding.suggestion.length).toBeGreaterThan(10);
  });

  it("the rules covered are all of them", () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(
      new Set([
        "parse_error",
        "component_lost",
        "hardcoded_color",
        "hardcoded_font",
        "hardcoded_radius",
        "unknown_token",
        "import_not_allowed",
        "unknown_icon",
        "a11y_regression",
      ]),
    );
  });
});

describe("component_lost: an edit that lost the component fails, at the line of its default export", () => {
  // Date Picker, #77: its active version is what an agent adapts by default.
  const active = `date-picker/${fixtures.find((f) => f.name === "date-picker")!.index.activeVersionId}`;

  it.each([
    ["the component deleted, an unrelated export left", "export const x = 1;"],
    ["a component that renders nothing", "export default function DatePicker() { return null; }"],
    ["a number, read leniently as a string", "42"],
  ])("%s", (_name, edited) => {
    const result = validate(code(active), edited, active);
    expect(result.ok).toBe(false);
    expect(result.findings.filter((f) => f.severity === "error")).toMatchObject([
      { rule: "component_lost", severity: "error", line: 1 },
    ]);
    expect(result.findings[0].suggestion).toContain("default export");
  });

  it("the export lost: named where it was; nothing rendered: at the export that renders it", () => {
    const named = edit(code(DP), "export default function", "export function");
    expect(validate(code(DP), named, DP).findings).toMatchObject([
      {
        rule: "component_lost",
        line: lineOf(named, "export function"),
        message: expect.stringContaining("DateRangePicker"),
        suggestion: expect.stringContaining("Export DateRangePicker as the default again"),
      },
    ]);
    const empty = 'import { useState } from "react";\n\nexport default function DatePicker() {\n  return null;\n}\n';
    const lost = validate(code(DP), empty, DP).findings.filter((f) => f.rule === "component_lost");
    expect(lost).toMatchObject([{ line: 3, message: expect.stringContaining("renders nothing") }]);
  });

  it.each([
    ["a named export and `export { X as default }`", (c: string) => `${c}\nexport { DateRangePicker as default };\n`],
    ["a named export and `export default X;`", (c: string) => `${c}\nexport default DateRangePicker;\n`],
    ["wrapped: `export default memo(X)`", (c: string) => `${c}\nexport default memo(DateRangePicker);\n`],
  ])("the default export written another way is no loss: %s", (_name, wrap) => {
    const edited = wrap(edit(code(DP), "export default function", "function"));
    expect(validate(code(DP), edited, DP)).toMatchObject({ ok: true, findings: [] });
  });

  it("a delivered version without a default export, or without JSX, has nothing of it to lose", () => {
    const named = edit(code(DP), "export default function", "export function");
    expect(validate(named, edit(named, "export function", "function"), "named").findings).toEqual([]);
    expect(validate(named, "export const x = 1;", "named").findings.map((f) => f.rule)).not.toContain("component_lost");
    const hook = "export default function useToday() {\n  return new Date();\n}\n";
    expect(validate(hook, "export default function useToday() {\n  return null;\n}\n", "hook").findings).toEqual([]);
  });
});

describe("parse_error is TypeScript's: the same syntax errors, on the same line", () => {
  it.each(BROKEN)("%s", (_name, base, from, to) => {
    const edited = edit(code(base), from, to);
    const [first] = tsxSyntaxErrors(edited, "component.tsx", 1);
    expect(first, "TypeScript finds the error too").toBeDefined();
    const result = validate(code(base), edited, base);
    expect(result.findings).toMatchObject([{ rule: "parse_error", severity: "error" }]);
    expect(result.findings[0].line).toBe(Number(first.split(":")[0]));
  });

  it("an unterminated comment: at the line it opens (TypeScript points at the end of the file)", () => {
    const edited = edit(code(DP), "const JOURS", "/* never closed\nconst JOURS");
    expect(validate(code(DP), edited).findings).toMatchObject([
      { rule: "parse_error", line: lineOf(edited, "/* never") },
    ]);
  });

  it.each(versions)("$label parses, as it does for TypeScript", ({ text }) => {
    expect(tsxSyntaxErrors(text)).toEqual([]);
    expect(validate(text, text).findings.filter((f) => f.rule === "parse_error")).toEqual([]);
  });
});

describe("what is not a finding", () => {
  it.each(versions)("$label unchanged: ok, no findings", ({ text, versionId }) => {
    expect(validate(text, text, versionId)).toMatchObject({ ok: true, findings: [] });
  });

  it("every fixture version reformatted by Biome (tabs, 80 columns, LF): ok, no findings", () => {
    const dir = mkdtempSync(join(tmpdir(), "validate-biome-"));
    writeFileSync(join(dir, "biome.json"), JSON.stringify({ formatter: { indentStyle: "tab", lineWidth: 80 } }));
    const files = versions.map((v, i) => {
      const file = join(dir, `v${i}.tsx`);
      writeFileSync(file, v.text);
      return file;
    });
    const run = spawnSync(join(ROOT, "node_modules/.bin/biome"), ["format", "--write", dir], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    versions.forEach((v, i) => {
      const formatted = readFileSync(files[i], "utf8");
      expect(formatted, v.label).not.toBe(v.text);
      expect(validate(v.text, formatted, v.versionId), v.label).toMatchObject({ ok: true, findings: [] });
    });
  });

  it("comments, JSX text and TypeScript types never produce findings", () => {
    const original = code(DP);
    const edited = edit(
      original,
      '<span className="text-base">{fmt(range.start)}</span>',
      `{/* bg-red-500 #ff0000 --ui-nope */}
        <span className="text-base">{fmt(range.start)} Tarif #fff bg-red-500 --ui-nope rounded-lg</span>
        {
          // text-gray-900 rgb(0 0 0) font-serif
        }`,
    ).replace("interface Range {", 'type Tone = "#fff" | "bg-blue-500";\n/* border-slate-200 */\ninterface Range {');
    expect(validate(original, edited, DP)).toMatchObject({ ok: true, findings: [] });
  });

  it("props, state and wiring added around the delivered code: no findings", () => {
    const original = code(DP);
    const edited = edit(
      original,
      "export default function DateRangePicker({ initialMonth = new Date(2026, 11, 1), initialRange = { start: null, end: null }, onApply }: DateRangePickerProps) {",
      'export default function DateRangePicker({ initialMonth = new Date(2026, 11, 1), initialRange = { start: null, end: null }, onApply, locale = "fr-FR" }: DateRangePickerProps & { locale?: string }) {\n  const formatter = new Intl.DateTimeFormat(locale);',
    );
    expect(validate(original, edited, DP)).toMatchObject({ ok: true, findings: [] });
  });
});

describe("the same literal in the same role is not a finding; the excess is, at its line", () => {
  const picker = `import { useState } from "react";

const SWATCHES = ["#ef4444", "#22c55e", "#3b82f6"];

export default function Picker() {
  const [color, setColor] = useState(SWATCHES[0]);
  return (
    <div className="flex gap-2 rounded-full">
      {SWATCHES.map((s) => (
        <button key={s} type="button" aria-label={s} aria-pressed={s === color} onClick={() => setColor(s)} style={{ background: s }} className="h-6 w-6 rounded-full" />
      ))}
    </div>
  );
}
`;

  it("a colour picker's palette data, moved and reordered, never trips it", () => {
    const edited = picker
      .replace('const SWATCHES = ["#ef4444", "#22c55e", "#3b82f6"];\n', "")
      .replace(
        "export default function Picker() {",
        'export default function Picker({ onPick }: { onPick?: (c: string) => void }) {\n  const SWATCHES = [\n    "#3b82f6",\n    "#EF4444",\n    "#22c55e",\n  ];',
      )
      .replace("onClick={() => setColor(s)}", "onClick={() => { setColor(s); onPick?.(s); }}");
    expect(validate(picker, edited)).toMatchObject({ ok: true, findings: [] });
  });

  it("a new swatch is one finding; the same colour written into a style is one too (another role)", () => {
    const added = picker.replace('"#3b82f6"];', '"#3b82f6", "#a855f7"];');
    expect(validate(picker, added).findings).toMatchObject([{ rule: "hardcoded_color", line: 3 }]);
    const inStyle = picker.replace("style={{ background: s }}", 'style={{ background: s, borderColor: "#ef4444" }}');
    expect(validate(picker, inStyle).findings).toMatchObject([{ rule: "hardcoded_color", line: 10 }]);
  });

  it("a construct the delivered code has, written a second time before it: the copy, on its line", () => {
    const base = picker.replace('className="flex gap-2 rounded-full"', 'className="flex gap-2 rounded-md"');
    const edited = base
      .replace(
        '    <div className="flex gap-2 rounded-md">',
        '    <div className="grid gap-1">\n    <p className="rounded-md px-2">{color}</p>\n    <div className="flex gap-2 rounded-md">',
      )
      .replace("    </div>\n  );", "    </div>\n    </div>\n  );");
    expect(validate(base, base).findings).toEqual([]);
    expect(validate(base, edited).findings).toMatchObject([{ rule: "hardcoded_radius", line: lineOf(edited, "px-2") }]);
  });
});
