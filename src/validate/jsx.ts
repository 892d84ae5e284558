/**
 * JSX tags, token by token, for the walk (scan.ts): the element's name, its attributes and the role
 * their values take, whether a closing tag names the element it closes (sucrase does not check it;
 * TypeScript does, so a mismatch is a parse error here), and what an element offers assistive
 * technology: aria-* and role attributes, keyboard handlers, focusability.
 */
import { tt } from "./parse.ts";
import type { Failed, Role, Tag, Walk } from "./scanned.ts";

const FOCUSABLE = new Set(["button", "input", "select", "textarea", "summary"]);
const KEY_HANDLER = /^on(?:KeyDown|KeyUp|KeyPress)(?:Capture)?$/;

/** A tag from its `<` token at `at`, its name still to read. */
export const openTag = (at: number): Tag => ({
  name: "",
  nameDone: false,
  closing: false,
  selfClosing: false,
  at,
  attrs: [],
});

export const attrRole = (attr: string): Role =>
  attr === "className" || attr === "class" ? "class" : attr === "style" ? "style" : "attribute";

/**
 * Token `i`, inside `<…>`: the element's name, its attributes and their values. Returns the index of
 * the last token it read, or the parse error a closing tag makes.
 */
export function tagToken(w: Walk, tag: Tag, i: number): number | Failed {
  const { tokens, text } = w;
  const t = tokens[i];
  if (t.type === tt.jsxTagEnd) {
    w.stack.pop();
    return endTag(w, tag) ?? i;
  }
  if (t.type === tt.slash) {
    if (tag.name === "") tag.closing = true;
    else tag.selfClosing = true;
  } else if (!tag.nameDone && (t.type === tt.jsxName || t.type === tt.name)) {
    const prev = tokens[i - 1].type;
    if (tag.name === "" || prev === tt.dot || prev === tt.colon) tag.name += text(i);
    else {
      tag.nameDone = true;
      return i - 1; // the first attribute: read it next
    }
  } else if (!tag.nameDone && (t.type === tt.dot || t.type === tt.colon)) tag.name += text(i);
  else if (t.type === tt.jsxName) {
    tag.nameDone = true;
    tag.attr = text(i);
    // A namespaced attribute, `xlink:href`.
    if (tokens[i + 1]?.type === tt.colon && tokens[i + 2]?.type === tt.name) {
      tag.attr += `:${text(i + 2)}`;
      tag.attrs.push({ name: tag.attr, at: t.start });
      return i + 2;
    }
    tag.attrs.push({ name: tag.attr, at: t.start });
  } else if (t.type === tt.string && tag.attr !== undefined) {
    w.addString(i, attrRole(tag.attr), tag.attr);
    tag.attr = undefined;
  } else if (t.type === tt.braceL) {
    tag.nameDone = true;
    // An attribute's expression, or a spread (`{...props}`, no attribute).
    const attr = tokens[i - 1].type === tt.eq ? tag.attr : undefined;
    w.stack.push(attr === undefined ? {} : { role: attrRole(attr), key: attr });
    tag.attr = undefined;
  } else if (t.type === tt.eq) tag.nameDone = true;
  return i;
}

/** The end of an opening or closing tag: check the closing name, count what the element offers. */
function endTag(w: Walk, tag: Tag): Failed | undefined {
  const { elements, out } = w;
  if (tag.closing) {
    const open = elements.pop();
    if (!open || open.name === tag.name) return undefined;
    // As TypeScript says it: an element left open when an outer one closes, else a misnamed closing tag.
    return elements.some((e) => e.name === tag.name)
      ? { ok: false, message: `JSX element <${open.name}> has no corresponding closing tag`, at: open.at }
      : { ok: false, message: `Expected corresponding JSX closing tag for <${open.name}>`, at: tag.at };
  }
  if (!tag.selfClosing) elements.push({ name: tag.name, at: tag.at });
  if (tag.name) out.component.elements++;
  const member = tag.name.indexOf(".");
  if (member > 0 && w.namespaces.has(tag.name.slice(0, member)))
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
}
