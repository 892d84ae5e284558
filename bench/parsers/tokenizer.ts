/**
 * The "small tokenizer of our own" that validate_component's parser was weighed against
 * (bench/parsers.ts): one pass over TSX that knows comments, strings, template literals,
 * regular expressions (by the token before them), brackets and JSX (tags, attributes, children,
 * closing names), and reports the first error it can see: an unterminated string, template, comment or
 * regular expression, an unbalanced bracket, a closing tag that names another element. It collects the
 * strings a validator reads. What it cannot see is what only a grammar knows: a missing comma, a
 * keyword in the wrong place, `let x: = 5`. Not used by the server; kept to reproduce the comparison.
 */
export interface TokenizerResult {
  error?: { message: string; at: number };
  strings: { text: string; at: number }[];
}

/** Tokens after which `/` starts a regular expression and `<` a JSX element. */
const EXPRESSION_START = new Set(
  "( , = : ? [ { } ; ! && || ?? => & | + - * % > < ~ ^ return case default yield await typeof in of else do new delete void throw".split(
    " ",
  ),
);

type Frame = { kind: "bracket"; c: string; at: number } | { kind: "element"; name: string; at: number } | AttrFrame;
/** An attribute's `{…}`: when it closes, the tag it belongs to goes on. */
type AttrFrame = { kind: "attr"; at: number; tag: { name: string; at: number; close: boolean } };

const PAIR: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

export function tokenize(code: string): TokenizerResult {
  const strings: TokenizerResult["strings"] = [];
  const stack: Frame[] = [];
  let prev = "";
  let i = 0;
  let error: TokenizerResult["error"];
  const fail = (message: string, at: number) => {
    error ??= { message, at };
    return false;
  };
  const top = () => stack[stack.length - 1];

  const quoted = (jsx: boolean): boolean => {
    const q = code[i];
    const start = i++;
    while (i < code.length && code[i] !== q) {
      if (!jsx && code[i] === "\\") i++;
      else if (!jsx && (code[i] === "\n" || code[i] === "\r")) return fail("Unterminated string literal", start);
      i++;
    }
    if (i >= code.length) return fail("Unterminated string literal", start);
    strings.push({ text: code.slice(start + 1, i), at: start + 1 });
    i++;
    return true;
  };

  /** Children text up to the next `<` or `{`, while an element's children are being read. */
  const children = () => {
    if (top()?.kind !== "element") return;
    while (i < code.length && code[i] !== "<" && code[i] !== "{") i++;
    if (code[i] === "{") stack.push({ kind: "bracket", c: "{", at: i++ });
    prev = code[i - 1] === "{" ? "{" : "(";
  };

  /** A tag's attributes up to its `>` or `/>`, from `i`; an attribute's `{` hands over to the main loop. */
  const tagBody = (tag: AttrFrame["tag"]): boolean => {
    for (;;) {
      while (/\s/.test(code[i] ?? "")) i++;
      if (i >= code.length) return fail("Unterminated JSX tag", tag.at);
      const c = code[i];
      if (c === ">" || (c === "/" && code[i + 1] === ">")) {
        const self = c === "/";
        i += self ? 2 : 1;
        if (tag.close) {
          const open = top();
          if (open?.kind !== "element" || open.name !== tag.name)
            return fail(
              `Expected corresponding JSX closing tag for <${open?.kind === "element" ? open.name : ""}>`,
              tag.at,
            );
          stack.pop();
        } else if (!self) stack.push({ kind: "element", name: tag.name, at: tag.at });
        prev = ")";
        children();
        return true;
      }
      if (c === '"' || c === "'") {
        if (!quoted(true)) return false;
      } else if (c === "{") {
        stack.push({ kind: "attr", at: i++, tag });
        prev = "{";
        return true;
      } else i++;
    }
  };

  const tagStart = (): boolean => {
    const at = i++;
    const close = code[i] === "/";
    if (close) i++;
    const name = /^[\w$.:-]*/.exec(code.slice(i, i + 200))![0];
    i += name.length;
    return tagBody({ name, at, close });
  };

  while (i < code.length && !error) {
    const c = code[i];
    if (/\s/.test(c)) i++;
    else if (c === "/" && code[i + 1] === "/") while (i < code.length && code[i] !== "\n") i++;
    else if (c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      if (end < 0) fail("Unterminated comment", i);
      i = end + 2;
    } else if (c === '"' || c === "'") {
      quoted(false);
      prev = "string";
    } else if (c === "`") {
      // A template, its `${…}` parts read by a nested count of braces (strings inside them skipped).
      const start = i++;
      let depth = 0;
      let chunk = i;
      while (i < code.length && !(depth === 0 && code[i] === "`")) {
        if (code[i] === "\\") i += 2;
        else if (depth === 0 && code[i] === "$" && code[i + 1] === "{") {
          strings.push({ text: code.slice(chunk, i), at: chunk });
          depth = 1;
          i += 2;
        } else if (depth > 0 && code[i] === "{") {
          depth++;
          i++;
        } else if (depth > 0 && code[i] === "}") {
          if (--depth === 0) chunk = i + 1;
          i++;
        } else if (depth > 0 && (code[i] === '"' || code[i] === "'")) {
          if (!quoted(false)) break;
        } else i++;
      }
      if (i >= code.length) fail("Unterminated template", start);
      strings.push({ text: code.slice(chunk, i), at: chunk });
      i++;
      prev = "string";
    } else if (c === "/" && EXPRESSION_START.has(prev)) {
      const start = i++;
      let inClass = false;
      while (i < code.length && (code[i] !== "/" || inClass)) {
        if (code[i] === "\\") i++;
        else if (code[i] === "[") inClass = true;
        else if (code[i] === "]") inClass = false;
        else if (code[i] === "\n") {
          fail("Unterminated regular expression", start);
          break;
        }
        i++;
      }
      i++;
      while (/[a-z]/.test(code[i] ?? "")) i++;
      prev = "regex";
    } else if (c === "<" && (EXPRESSION_START.has(prev) || prev === "") && /[A-Za-z>/]/.test(code[i + 1] ?? "")) {
      tagStart();
    } else if (c === "(" || c === "[" || c === "{") {
      stack.push({ kind: "bracket", c, at: i++ });
      prev = c;
    } else if (c === ")" || c === "]" || c === "}") {
      const open = stack.pop();
      const matches = open && (open.kind === "attr" ? c === "}" : open.kind === "bracket" && open.c === PAIR[c]);
      if (!matches) fail(`Unexpected "${c}"`, i);
      i++;
      prev = c;
      if (open?.kind === "attr") tagBody(open.tag);
      else if (c === "}") children();
    } else {
      const word = /^[\w$]+/.exec(code.slice(i, i + 64));
      const op = word ?? /^(?:=>|&&|\|\||\?\?|\.\.\.|[=!<>]=*|[-+*%&|^~?:;,.])/.exec(code.slice(i, i + 4));
      prev = op ? op[0] : c;
      i += op ? op[0].length : 1;
    }
  }
  if (!error && stack.length) {
    const open = top();
    fail(
      open.kind === "element" ? `JSX element <${open.name}> has no corresponding closing tag` : "Unclosed bracket",
      open.at,
    );
  }
  return { error, strings };
}
