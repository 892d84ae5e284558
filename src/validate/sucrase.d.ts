/**
 * Types for the two modules of sucrase's parser the validator imports. sucrase ships its types under
 * dist/types/ and its CommonJS build under dist/, which Deno and Node both import as is; these
 * declarations join the two.
 */
declare module "sucrase/dist/parser/index.js" {
  export { parse } from "sucrase/dist/types/parser/index";
}

declare module "sucrase/dist/parser/tokenizer/types.js" {
  export { TokenType } from "sucrase/dist/types/parser/tokenizer/types";
}

declare module "sucrase/dist/parser/traverser/base.js" {
  import type { Token } from "sucrase/dist/types/parser/tokenizer/index";
  /**
   * The module itself (CommonJS exports): each parse replaces its `state`, so the tokens read before a
   * syntax error are reached through it, not through a named import bound at load time.
   */
  const base: { state: { tokens: Token[] } };
  export default base;
}

declare module "sucrase/dist/parser/tokenizer/state.js" {
  import type { Token } from "sucrase/dist/types/parser/tokenizer/index";
  /** What the validator reads of the parser's state while it backtracks. */
  export interface ParserState {
    error: { message: string; pos: number } | null;
    tokens: Token[];
  }
  /** The module itself (CommonJS exports): its `default` is the parser's State class. */
  const state: { default: { prototype: { restoreFromSnapshot(this: ParserState, snapshot: unknown): void } } };
  export default state;
}
