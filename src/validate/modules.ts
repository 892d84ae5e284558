/**
 * A module's interface for the walk (scan.ts). Import declarations: the module each names and the
 * names it imports, which the rules check against the catalog's packages and lucide-react's exports;
 * type-only imports keep their module (an import all the same) and no names, as nothing of them
 * exists at run time. The default export: what the preview and every project import as the component.
 */
import { KW_AS, KW_TYPE, ROLE_IMPORT_ACCESS, ROLE_IMPORT_DECLARATION, tt } from "./parse.ts";
import type { Component, Import, Walk } from "./scanned.ts";

/** An import declaration from its `import` token; returns the index of its module specifier. */
export function readImport(w: Walk, i: number): number {
  const { tokens, text, out } = w;
  let j = i + 1;
  if (tokens[j].type === tt.name && tokens[j].contextualKeyword === KW_TYPE && !tokens[j].isType) {
    // `import type { … } from "x"`.
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
  if (namespace) w.namespaces.add(namespace);
  if (j < tokens.length) out.imports.push({ source: text(j).slice(1, -1), at: tokens[j].start, names, namespace });
  return j;
}

/**
 * The default export an `export` token at `i` declares, if it does: `export default …` (with the name
 * of the function, class or binding it exports, where one is written), `export { X as default }`,
 * `export { default } from "…"` and `export * as default from "…"`.
 */
export function defaultExport(w: Walk, i: number): Component["exported"] {
  const { tokens, text } = w;
  const at = tokens[i].start;
  const next = tokens[i + 1];
  if (next?.type === tt._default) {
    // `export default async function X`: the name after the function.
    const j = tokens[i + 2]?.type === tt.name && text(i + 2) === "async" ? i + 3 : i + 2;
    const declared = tokens[j]?.type === tt._function || tokens[j]?.type === tt._class;
    if (declared && tokens[j + 1]?.type === tt.name) return { at, name: text(j + 1) };
    // `export default X;`, not `export default memo(X)`.
    const ends = tokens[j + 1]?.type === tt.semi || tokens[j + 1]?.type === tt.eof;
    return tokens[j]?.type === tt.name && ends ? { at, name: text(j) } : { at };
  }
  const isDefault = (j: number) => tokens[j]?.type === tt.name && text(j) === "default";
  const isAs = (j: number) => tokens[j]?.type === tt.name && tokens[j].contextualKeyword === KW_AS;
  if (next?.type === tt.star) return isAs(i + 2) && isDefault(i + 3) ? { at } : undefined;
  if (next?.type !== tt.braceL) return undefined;
  // `export { a, b as default }`: the exported name is the one after `as`, else the name itself.
  for (let j = i + 2; j < tokens.length && tokens[j].type !== tt.braceR; j++) {
    if (!isDefault(j) || isAs(j + 1)) continue;
    return isAs(j - 1) && tokens[j - 2].type === tt.name && !isDefault(j - 2) ? { at, name: text(j - 2) } : { at };
  }
  return undefined;
}
