/**
 * What the scan (scan.ts) reads from TSX, for the rules, and the state its walk over the tokens
 * shares with the readers of JSX tags (jsx.ts) and of imports (modules.ts).
 */
import type { Tokens } from "./parse.ts";

export type Role = "class" | "style" | "attribute" | "data";

/** A string literal, a template literal's text, or a JSX attribute string, as written (no quotes). */
export interface Text {
  raw: string;
  /** Offset of `raw` in the code. */
  at: number;
  role: Role;
  /** The object key or JSX attribute it is the value of. */
  key?: string;
}

/** A number under an object key (`borderRadius: 8`). */
export interface KeyedNumber {
  value: string;
  at: number;
  key: string;
}

export interface Import {
  source: string;
  at: number;
  /** Imported names (`default` for a default import), with their offsets; type-only ones left out. */
  names: { name: string; at: number }[];
  /** The local name of `* as X`. */
  namespace?: string;
}

/** `X.Y` where X is a namespace import, in JSX (`<Icons.Check />`) or an expression. */
export interface Member {
  object: string;
  property: string;
  at: number;
}

/** One accessibility affordance: an aria-* or role attribute, a keyboard handler, a focusable control. */
export interface A11y {
  kind: "aria" | "keyboard" | "focusable";
  /** What it is on: `button:aria-label`, `div:onKeyDown`, `input`. */
  key: string;
  /** Offset of the attribute (of the element's `<` for a control, of the call for addEventListener). */
  at: number;
  /** Offset of the element's `<` (of the call, for addEventListener). */
  element: number;
}

/** What makes the file a component: its default export and the JSX elements it holds. */
export interface Component {
  /** The default export: offset of its `export`, and the name it exports where one is written. */
  exported?: { at: number; name?: string };
  /** JSX elements, fragments aside. */
  elements: number;
}

export interface Scan {
  texts: Text[];
  numbers: KeyedNumber[];
  imports: Import[];
  members: Member[];
  a11y: A11y[];
  component: Component;
}

export type Failed = { ok: false; message: string; at: number };
export type Scanned = { ok: true; scan: Scan } | Failed;

export interface Tag {
  name: string;
  nameDone: boolean;
  closing: boolean;
  selfClosing: boolean;
  at: number;
  attrs: { name: string; at: number }[];
  attr?: string;
}

export interface Frame {
  role?: Role;
  /** The current object key inside this bracket (reset at each comma). */
  key?: string;
  tag?: Tag;
}

/** The walk over one token list, as it goes. */
export interface Walk {
  tokens: Tokens;
  out: Scan;
  /** Brackets and tags open around the current token. */
  stack: Frame[];
  /** Elements open around the current token, for their closing tags. */
  elements: { name: string; at: number }[];
  /** Local names of `* as X` imports. */
  namespaces: Set<string>;
  text(i: number): string;
  /** Keeps string token `i` as a Text in `role`. */
  addString(i: number, role: Role, key?: string): void;
}
