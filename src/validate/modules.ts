/**
 * Import declarations for the walk (scan.ts): the module each names and the names it imports, which
 * the rules check against the catalog's packages and lucide-react's exports. Type-only imports keep
 * their module (an import all the same) and no names: nothing of them exists at run time.
 */
import { KW_AS, KW_TYPE, ROLE_IMPORT_ACCESS, ROLE_IMPORT_DECLARATION, tt } from "./parse.ts";
import type { Import, Walk } from "./scanned.ts";

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
