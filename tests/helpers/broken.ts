/**
 * Syntax errors an agent's edit can make, each as one replacement in a fixture version, with the line
 * TypeScript reports it on as the reference: shared by the parser comparison (bench/parsers.ts, in the lab)
 * and validate_component's golden tests (tests/integration/validate/golden.test.ts).
 */
export const DP = "date-picker/v1";

/** [what, fixture version, replace this (once), with this]. */
export const BROKEN: readonly (readonly [name: string, base: string, from: string, to: string])[] = [
  ["an unterminated string", DP, '"sa", "di"];', '"sa", "di];'],
  ["an unterminated template literal", DP, "getDate()}`;", "getDate()};"],
  ["a missing parenthesis", DP, "const nights = (r: Range) =>", "const nights = (r: Range =>"],
  ["an extra parenthesis inside an arrow function", DP, "end: null });\n    }\n  };", "end: null }));\n    }\n  };"],
  ["an attribute without a value", DP, 'type="button"\n                onClick', "type=\n                onClick"],
  ["a stray closing tag", DP, "</ul>", "</ul></li>"],
  ["a closing tag naming another element", DP, "{MOIS[month]} {year}</h3>", "{MOIS[month]} {year}</h4>"],
  [
    "an element left open",
    DP,
    '<span className="text-base">{fmt(range.end)}</span>',
    '<span className="text-base">{fmt(range.end)}',
  ],
  ["a closing brace too many", DP, "  const shift = (n: number) =>", "  }\n  const shift = (n: number) =>"],
  ["a type annotation without a type", DP, "interface Range {", "let x: = 5;\ninterface Range {"],
  ["an unclosed expression container", DP, "{fmt(range.start)}</span>", "{fmt(range.start)</span>"],
  ["a string left open, in a CRLF file", "tabs/seed", 'role="tablist"', 'role={"tablist}'],
  ["an element left open, in a tab-indented file", "accordion/seed", "</h3>", ""],
  ["a keyword as a name", DP, "const pick =", "const const pick ="],
  ["a missing comma in an object", DP, "{ ArrowLeft: -1, ArrowRight: 1,", "{ ArrowLeft: -1 ArrowRight: 1,"],
  ["an arrow without a body", DP, "const shift = (n: number) => setView", "const shift = (n: number) => => setView"],
];
