/**
 * Reads TSX with sucrase's parser (parse.ts), a real TypeScript + JSX parser (a syntax error is
 * one, with its position), and walks its tokens once for what the rules look at. Comments are not
 * tokens and JSX text is skipped, so neither can produce a finding; TypeScript types are skipped too
 * (a string in a type is no value).
 *
 * sucrase is lenient where TypeScript is not in two ways, and the walk holds the code to TypeScript:
 * it lets a quoted string run over a line break, and it does not check that a closing tag names the
 * element it closes. Both are parse errors here, at the line TypeScript gives: the string's, and the
 * element left open (or the misnamed closing tag). When sucrase fails later, because the real mistake
 * threw it off, the walk over the tokens it read reports that earlier mistake instead. And where
 * sucrase backtracks out of a broken arrow function (it then fails at the arrow, far above the
 * mistake), a second parse, on failure only, keeps the error it backtracked from.
 *
 * Every string is kept with where it was written, its role:
 * - `class`: a `className` / `class` attribute, or an argument of cn(), clsx(), cva() and the like,
 *   template literals and nested expressions included;
 * - `style`: a `style` attribute's object, or the value of an object key that is a CSS property
 *   (`color`, `borderRadius`, …: framer-motion's `animate` objects, style constants);
 * - `attribute`: any other JSX attribute (`fill`, `href`), named by `key`;
 * - `data`: everything else.
 */
import {
  backtrackedFrom,
  failure,
  KW_AS,
  KW_FROM,
  KW_TYPE,
  parseTsx,
  ROLE_IMPORT_ACCESS,
  ROLE_IMPORT_DECLARATION,
  ROLE_OBJECT_KEY,
  type Tokens,
  tt,
} from "./parse.ts";

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

export interface Scan {
  texts: Text[];
  numbers: KeyedNumber[];
  imports: Import[];
  members: Member[];
  a11y: A11y[];
}

export type Scanned = { ok: true; scan: Scan } | { ok: false; message: string; at: number };

const CLASS_CALLS = new Set(["cn", "clsx", "classNames", "classnames", "cx", "twMerge", "twJoin", "cva", "tv"]);
/** camelCase CSS properties and CSS-in-JS keys: a string under one of them is a style value. */
const CSS_KEY =
  /^(?:color|background\w*|border\w*|outline\w*|fill|stroke|font\w*|\w*[sS]hadow|\w*[cC]olor|\w*[rR]adius|textDecoration\w*|--[\w-]+|[a-z]+(?:-[a-z]+)+)$/;
const FOCUSABLE = new Set(["button", "input", "select", "textarea", "summary"]);
const KEY_HANDLER = /^on(?:KeyDown|KeyUp|KeyPress)(?:Capture)?$/;
const KEY_EVENTS = new Set(["keydown", "keyup", "keypress"]);

interface Tag {
  name: string;
  nameDone: boolean;
  closing: boolean;
  selfClosing: boolean;
  at: number;
  attrs: { name: string; at: number }[];
  attr?: string;
}

interface Frame {
  role?: Role;
  /** The current object key inside this bracket (reset at each comma). */
  key?: string;
  tag?: Tag;
}

const attrRole = (attr: string): Role =>
  attr === "className" || attr === "class" ? "class" : attr === "style" ? "style" : "attribute";

export function scan(code: string): Scanned {
  const parsed = parseTsx(code);
  if (parsed.ok) return walk(code, parsed.tokens);
  const failed = { ok: false as const, ...parsed.failed };
  // The tokens sucrase read before it gave up: an earlier mistake there is the real one.
  const partial = walk(code, parsed.partial);
  if (!partial.ok && partial.at <= failed.at) return partial;
  const deeper = backtrackedFrom(code, failed.at);
  if (!deeper) return failed;
  const inside = walk(code, deeper.tokens);
  return !inside.ok && inside.at <= deeper.error.pos ? inside : failure(deeper.error);
}

/**
 * Whether a quoted string's raw text holds a line break no backslash continues (a JSX attribute
 * string may hold one).
 */
function unescapedBreak(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") {
      i += raw[i + 1] === "\r" && raw[i + 2] === "\n" ? 2 : 1;
      continue;
    }
    if (c === "\n" || c === "\r") return true;
  }
  return false;
}

function walk(code: string, tokens: Tokens): Scanned {
  const out: Scan = { texts: [], numbers: [], imports: [], members: [], a11y: [] };
  const text = (i: number) => code.slice(tokens[i].start, tokens[i].end);
  const stack: Frame[] = [{}];
  const elements: { name: string; at: number }[] = [];
  const namespaces = new Set<string>();
  const top = () => stack[stack.length - 1];

  /** Role and key of a value written here: the innermost role a bracket gave, else a CSS key's. */
  const context = (): { role: Role; key?: string } => {
    let key: string | undefined;
    for (let f = stack.length - 1; f >= 0; f--) {
      key ??= stack[f].key;
      if (stack[f].role) return { role: stack[f].role!, key: stack[f].role === "attribute" ? stack[f].key : key };
    }
    return { role: key !== undefined && CSS_KEY.test(key) ? "style" : "data", key };
  };
  const addString = (i: number, role: Role, key?: string) => {
    const t = tokens[i];
    const quoted = t.type === tt.string;
    out.texts.push({
      raw: code.slice(t.start + (quoted ? 1 : 0), t.end - (quoted ? 1 : 0)),
      at: t.start + (quoted ? 1 : 0),
      role,
      key,
    });
  };

  /** An import declaration from its `import` token; returns the index of its specifier. */
  const readImport = (i: number): number => {
    let j = i + 1;
    if (tokens[j].type === tt.name && tokens[j].contextualKeyword === KW_TYPE && !tokens[j].isType) {
      // `import type { … } from "x"`: nothing of it exists at run time, but the source is still an import.
      while (j < tokens.length && tokens[j].type !== tt.string) j++;
      if (j < tokens.length) out.imports.push({ source: text(j).slice(1, -1), at: tokens[j].start, names: [] });
      return j;
    }
    const names: Import["names"] = [];
    let namespace: string | undefined;
    let inBraces = false;
    for (; j < tokens.length && tokens[j].type !== tt.string; j++) {
      const t = tokens[j];
      if (t.type === tt.braceL) inBraces = true;
      else if (t.type === tt.braceR) inBraces = false;
      else if (t.isType || t.type !== tt.name) continue;
      else if (t.identifierRole === ROLE_IMPORT_ACCESS) names.push({ name: text(j), at: t.start });
      else if (t.identifierRole === ROLE_IMPORT_DECLARATION) {
        const prev = tokens[j - 1];
        const afterAs = prev.type === tt.name && prev.contextualKeyword === KW_AS;
        if (afterAs && !inBraces) namespace = text(j);
        else if (!afterAs) names.push({ name: inBraces ? text(j) : "default", at: t.start });
      }
    }
    if (namespace) namespaces.add(namespace);
    if (j < tokens.length) out.imports.push({ source: text(j).slice(1, -1), at: tokens[j].start, names, namespace });
    return j;
  };

  /** The end of an opening or closing tag: check the closing name, count what the element offers. */
  const endTag = (tag: Tag): { ok: false; message: string; at: number } | undefined => {
    if (tag.closing) {
      const open = elements.pop();
      if (!open || open.name === tag.name) return undefined;
      // As TypeScript says it: an element left open when an outer one closes, else a misnamed closing tag.
      return elements.some((e) => e.name === tag.name)
        ? { ok: false, message: `JSX element <${open.name}> has no corresponding closing tag`, at: open.at }
        : { ok: false, message: `Expected corresponding JSX closing tag for <${open.name}>`, at: tag.at };
    }
    if (!tag.selfClosing) elements.push({ name: tag.name, at: tag.at });
    const member = tag.name.indexOf(".");
    if (member > 0 && namespaces.has(tag.name.slice(0, member)))
      out.members.push({ object: tag.name.slice(0, member), property: tag.name.slice(member + 1), at: tag.at });
    const has = new Set<string>();
    for (const { name, at } of tag.attrs) {
      has.add(name);
      const kind = name === "role" || name.startsWith("aria-") ? "aria" : KEY_HANDLER.test(name) ? "keyboard" : null;
      if (kind) out.a11y.push({ kind, key: `${tag.name}:${name}`, at, element: tag.at });
    }
    const focusable =
      FOCUSABLE.has(tag.name) ||
      (tag.name === "a" && has.has("href")) ||
      has.has("tabIndex") ||
      has.has("contentEditable");
    if (focusable) out.a11y.push({ kind: "focusable", key: tag.name, at: tag.at, element: tag.at });
    return undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.isType) continue;
    const frame = top();
    const tag = frame.tag;
    if (tag) {
      // Inside `<…>`: the element's name, its attributes and their values.
      if (t.type === tt.jsxTagEnd) {
        stack.pop();
        const bad = endTag(tag);
        if (bad) return bad;
      } else if (t.type === tt.slash) {
        if (tag.name === "") tag.closing = true;
        else tag.selfClosing = true;
      } else if (!tag.nameDone && (t.type === tt.jsxName || t.type === tt.name)) {
        const prev = tokens[i - 1].type;
        if (tag.name === "" || prev === tt.dot || prev === tt.colon) tag.name += text(i);
        else {
          tag.nameDone = true;
          i--; // the first attribute: read it below
        }
      } else if (!tag.nameDone && (t.type === tt.dot || t.type === tt.colon)) tag.name += text(i);
      else if (t.type === tt.jsxName) {
        tag.nameDone = true;
        tag.attr = text(i);
        // A namespaced attribute, `xlink:href`.
        if (tokens[i + 1]?.type === tt.colon && tokens[i + 2]?.type === tt.name) {
          tag.attr += `:${text(i + 2)}`;
          i += 2;
        }
        tag.attrs.push({ name: tag.attr, at: t.start });
      } else if (t.type === tt.string && tag.attr !== undefined) {
        addString(i, attrRole(tag.attr), tag.attr);
        tag.attr = undefined;
      } else if (t.type === tt.braceL) {
        tag.nameDone = true;
        // An attribute's expression, or a spread (`{...props}`, no attribute).
        const attr = tokens[i - 1].type === tt.eq ? tag.attr : undefined;
        stack.push(attr === undefined ? {} : { role: attrRole(attr), key: attr });
        tag.attr = undefined;
      } else if (t.type === tt.eq) tag.nameDone = true;
      continue;
    }
    switch (t.type) {
      case tt.jsxTagStart:
        stack.push({ tag: { name: "", nameDone: false, closing: false, selfClosing: false, at: t.start, attrs: [] } });
        break;
      case tt.parenL: {
        const prev = tokens[i - 1];
        const callee = prev && prev.type === tt.name && !prev.isType ? text(i - 1) : "";
        stack.push(CLASS_CALLS.has(callee) ? { role: "class" } : {});
        break;
      }
      case tt.braceL:
      case tt.braceBarL:
      case tt.bracketL:
      case tt.dollarBraceL:
        stack.push({});
        break;
      case tt.parenR:
      case tt.braceR:
      case tt.bracketR:
        if (stack.length > 1) stack.pop();
        break;
      case tt.comma:
        frame.key = undefined;
        break;
      case tt._import: {
        const next = tokens[i + 1]?.type;
        if (next === tt.parenL && tokens[i + 2]?.type === tt.string) {
          out.imports.push({ source: text(i + 2).slice(1, -1), at: tokens[i + 2].start, names: [] });
          stack.push({});
          i += 2;
        } else if (next !== tt.dot && next !== tt.parenL) i = readImport(i);
        break;
      }
      case tt.name: {
        const next = tokens[i + 1];
        if (t.identifierRole === ROLE_OBJECT_KEY && next?.type === tt.colon) frame.key = text(i);
        else if (
          next?.type === tt.parenL &&
          tokens[i + 2]?.type === tt.string &&
          (text(i) === "require" || text(i) === "addEventListener")
        ) {
          const arg = text(i + 2).slice(1, -1);
          if (text(i) === "require") out.imports.push({ source: arg, at: tokens[i + 2].start, names: [] });
          else if (KEY_EVENTS.has(arg))
            out.a11y.push({ kind: "keyboard", key: `addEventListener:${arg}`, at: t.start, element: t.start });
        } else if (namespaces.has(text(i)) && next?.type === tt.dot && tokens[i + 2]?.type === tt.name)
          out.members.push({ object: text(i), property: text(i + 2), at: tokens[i + 2].start });
        break;
      }
      case tt.string: {
        const prev = tokens[i - 1];
        // A module specifier: `from "x"` (imports and re-exports).
        if (prev?.type === tt.name && prev.contextualKeyword === KW_FROM) {
          out.imports.push({ source: text(i).slice(1, -1), at: t.start, names: [] });
          break;
        }
        if (unescapedBreak(text(i).slice(1, -1)))
          return { ok: false, message: "Unterminated string literal", at: t.start };
        const ctx = context();
        if (t.identifierRole === ROLE_OBJECT_KEY) {
          frame.key = text(i).slice(1, -1);
          // A key of cn({ "bg-x": on }) is a class name; other keys are names, not values.
          if (ctx.role === "class") addString(i, "class");
          break;
        }
        addString(i, ctx.role, ctx.key);
        break;
      }
      case tt.template:
        if (t.end > t.start) {
          const ctx = context();
          addString(i, ctx.role, ctx.key);
        }
        break;
      case tt.num: {
        const { key } = context();
        if (key !== undefined && CSS_KEY.test(key)) out.numbers.push({ value: text(i), at: t.start, key });
        break;
      }
    }
  }
  return { ok: true, scan: out };
}
