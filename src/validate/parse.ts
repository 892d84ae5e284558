/**
 * sucrase's parser as the validator uses it (sucrase 3.35.1, its CommonJS build, which Deno and Node
 * import as is): the tokens of TSX, or its first syntax error; on failure, the tokens read before it
 * and, by parsing again, the error sucrase backtracked from. The walk over the tokens (scan.ts) turns
 * these into the error TypeScript would report.
 */
import { parse } from "sucrase/dist/parser/index.js";
import { TokenType } from "sucrase/dist/parser/tokenizer/types.js";
import stateModule from "sucrase/dist/parser/tokenizer/state.js";
import parser from "sucrase/dist/parser/traverser/base.js";

/**
 * The token types the walk reads, copied once into plain numbers: through a bundler's CommonJS
 * interop every `TokenType.x` can be a getter call, thousands per parse.
 */
export const tt = {
  _class: TokenType._class,
  _default: TokenType._default,
  _export: TokenType._export,
  _function: TokenType._function,
  _import: TokenType._import,
  braceBarL: TokenType.braceBarL,
  braceL: TokenType.braceL,
  braceR: TokenType.braceR,
  bracketL: TokenType.bracketL,
  bracketR: TokenType.bracketR,
  colon: TokenType.colon,
  comma: TokenType.comma,
  dollarBraceL: TokenType.dollarBraceL,
  dot: TokenType.dot,
  eof: TokenType.eof,
  eq: TokenType.eq,
  jsxName: TokenType.jsxName,
  jsxTagEnd: TokenType.jsxTagEnd,
  jsxTagStart: TokenType.jsxTagStart,
  name: TokenType.name,
  num: TokenType.num,
  parenL: TokenType.parenL,
  parenR: TokenType.parenR,
  semi: TokenType.semi,
  slash: TokenType.slash,
  star: TokenType.star,
  string: TokenType.string,
  template: TokenType.template,
} as const;

// sucrase's contextual keywords and identifier roles, as its parser numbers them.
export const KW_AS = 3;
export const KW_FROM = 13;
export const KW_TYPE = 38;
export const ROLE_IMPORT_DECLARATION = 9;
export const ROLE_OBJECT_KEY = 10;
export const ROLE_IMPORT_ACCESS = 11;

/**
 * `{ message, at }` of a sucrase syntax error (its message ends in "(line:column)", dropped: we count
 * lines ourselves). An unterminated comment is reported at the end of the code: it points at its start.
 */
export function failure(e: unknown, code = ""): { ok: false; message: string; at: number } {
  const err = e as { message?: string; pos?: number };
  const message = String(err?.message ?? e).replace(/\s*\(\d+:\d+\)$/, "");
  let at = typeof err?.pos === "number" ? err.pos : 0;
  if (message === "Unterminated comment") {
    const closed = code.lastIndexOf("*/");
    const open = code.indexOf("/*", closed < 0 ? 0 : closed + 2);
    if (open >= 0) at = open;
  }
  return { ok: false, message, at };
}

export type Tokens = ReturnType<typeof parse>["tokens"];

/**
 * sucrase's parser state and State class, through its CommonJS exports. Runtimes and bundlers differ
 * in what a default import of CommonJS is (the exports object, or its `default`), so both are tried;
 * without them the error refinements below are skipped, never the parse.
 */
const parserExports = (): { state?: { tokens: Tokens } } | undefined => {
  const m = parser as unknown as { state?: unknown; default?: unknown } | undefined;
  return (m && "state" in m ? m : m?.default) as { state?: { tokens: Tokens } } | undefined;
};
const stateClass = () => {
  const m = stateModule as unknown as { prototype?: { restoreFromSnapshot?: unknown }; default?: unknown };
  const cls = typeof m?.prototype?.restoreFromSnapshot === "function" ? m : m?.default;
  return (cls as typeof stateModule.default | undefined)?.prototype?.restoreFromSnapshot
    ? (cls as typeof stateModule.default)
    : undefined;
};

/**
 * Parses `code` again, which failed at `after`, keeping the furthest error sucrase backtracked from
 * beyond that point, with the tokens it had read: where it gave up on a branch (an arrow function's
 * body, a type argument list) that was the real one. Runs only for code that does not parse.
 */
export function backtrackedFrom(
  code: string,
  after: number,
): { error: { message: string; pos: number }; tokens: Tokens } | undefined {
  const proto = stateClass()?.prototype;
  if (!proto) return undefined;
  const restore = proto.restoreFromSnapshot;
  let best: { error: { message: string; pos: number }; tokens: Tokens } | undefined;
  proto.restoreFromSnapshot = function (snapshot) {
    const error = this.error;
    if (error && error.pos > after && (!best || error.pos > best.error.pos))
      best = { error, tokens: this.tokens.slice() };
    restore.call(this, snapshot);
  };
  try {
    parse(code, true, true, false);
  } catch {
    // Expected: the code does not parse.
  } finally {
    proto.restoreFromSnapshot = restore;
  }
  return best;
}

/** The tokens of `code`, or sucrase's error with the tokens it had read. */
export function parseTsx(
  code: string,
): { ok: true; tokens: Tokens } | { ok: false; failed: { message: string; at: number }; partial: Tokens } {
  try {
    return { ok: true, tokens: parse(code, true, true, false).tokens };
  } catch (e) {
    const { message, at } = failure(e, code);
    return { ok: false, failed: { message, at }, partial: parserExports()?.state?.tokens ?? [] };
  }
}
