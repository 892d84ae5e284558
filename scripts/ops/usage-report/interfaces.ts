/**
 * The review names an interface the catalog does not carry as absent-interfaces.txt spells it: the
 * searches kept the words they named it with ("video calls", "Video calling"), which search matched
 * to one entry of the list by its key (`technicalKey`: the last word stemmed).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { wordsOf } from "../../../src/catalog/normalize.ts";
import { technicalKey } from "../../../src/catalog/rank-data.ts";
import { parseAbsentInterfaces } from "../../build/catalog/technical.ts";
import { ROOT } from "../../lib/repo-root.ts";

/** The list's phrase for the words a search named an interface with; the words themselves when none matches. */
export async function interfaceNames(file = join(ROOT, "absent-interfaces.txt")): Promise<(words: string) => string> {
  const byKey = new Map<string, string>();
  for (const { words } of parseAbsentInterfaces(await readFile(file, "utf8"))) {
    const key = technicalKey(words);
    if (!byKey.has(key)) byKey.set(key, words.join(" "));
  }
  return (words) => byKey.get(technicalKey(wordsOf(words))) ?? words;
}
