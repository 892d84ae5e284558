/**
 * Reads TSX with sucrase's parser (parse.ts), a real TypeScript + JSX parser (a syntax error is
 * one, with its position), and walks its tokens once for what the rules look at. Comments are not
 * tokens and JSX text is skipped, so neither can produce a finding; TypeScript types are skipped too
 * (a string in a type is no value).
 *
 * sucrase is lenient where TypeScript is not in two ways, and the walk holds the code to TypeScript:
 * it lets a quoted string run over a line break, and it does not check that a closing tag names the
 * element it closes. Both are parse errors here, at the line TypeScript gives: the string's, and the
 * element left open (or the misnamed closing tag, jsx.ts). When sucrase fails later, because the real mistake
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
import { openTag, tagToken } from "./jsx.ts";
import { defaultExport, readImport } from "./modules.ts";
import { backtrackedFrom, failure, KW_FROM, parseTsx, ROLE_OBJECT_KEY, type Tokens, tt } from "./parse.ts";
import type { Frame, Role, Scan, Scanned, Walk } from "./scanned.ts";

const CLASS_CALLS = new Set(["cn", "clsx", "classNames", "classnames", "cx", "twMerge", "twJoin", "cva", "tv"]);
/** camelCase CSS properties and CSS-in-JS keys: a string under one of them is a style value. */
const CSS_KEYS = {
  properties: /color|background\w*|border\w*|outline\w*|fill|stroke|font\w*/,
  families: /\w*[sS]hadow|\w*[cC]olor|\w*[rR]adius|textDecoration\w*/,
  custom: /--[\w-]+/,
  kebabCase: /[a-z]+(?:-[a-z]+)+/,
};
const CSS_KEY = new RegExp(
  `^(?:${Object.values(CSS_KEYS)
    .map((part) => part.source)
    .join("|")})$`,
);
const KEY_EVENTS = new Set(["keydown", "keyup", "keypress"]);

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
  const out: Scan = { texts: [], numbers: [], imports: [], members: [], a11y: [], component: { elements: 0 } };
  const text = (i: number) => code.slice(tokens[i].start, tokens[i].end);
  const stack: Frame[] = [{}];
  const namespaces = new Set<string>();
  const top = () => stack[stack.length - 1];
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
  const w: Walk = { tokens, out, stack, elements: [], namespaces, text, addString };

  /** Role and key of a value written here: the innermost role a bracket gave, else a CSS key's. */
  const context = (): { role: Role; key?: string } => {
    let key: string | undefined;
    for (let f = stack.length - 1; f >= 0; f--) {
      key ??= stack[f].key;
      if (stack[f].role) return { role: stack[f].role!, key: stack[f].role === "attribute" ? stack[f].key : key };
    }
    return { role: key !== undefined && CSS_KEY.test(key) ? "style" : "data", key };
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.isType) continue;
    const frame = top();
    if (frame.tag) {
      const next = tagToken(w, frame.tag, i);
      if (typeof next !== "number") return next;
      i = next;
      continue;
    }
    switch (t.type) {
      case tt.jsxTagStart:
        stack.push({ tag: openTag(t.start) });
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
        } else if (next !== tt.dot && next !== tt.parenL) i = readImport(w, i);
        break;
      }
      case tt._export:
        out.component.exported ??= defaultExport(w, i);
        break;
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
