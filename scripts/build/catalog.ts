/**
 * The catalog generator of `npm run build`: validates search_index.json (zod + duplicate ids, numbers
 * and slugs, exactly as the endpoint does for a raw index) and writes generated/catalog/, the form the
 * edge function ships, loaded on demand by what each request needs (src/catalog/reader.ts):
 * - head.json: counts, categories and tags (imported eagerly: a few KB at any catalog size);
 * - entries-NNN.json: the validated entries (zod defaults applied, the site's searchText dropped),
 *   CHUNK per file, in search order (catalog number);
 * - keys-NNN.json: every resolver key (number, id, slug, last slug segment, normalized title) to its
 *   entries, sharded by a hash of the key;
 * - search.json: the search tables (word index, normalized titles, category lists, with-code list)
 *   and the ranked tier's (stems, their frequencies, thesaurus.txt, technical-terms.txt and
 *   absent-interfaces.txt compiled to stems);
 * - load.ts: literal dynamic imports of each file, so bundlers and Deno's module graph include them;
 *   past GROUP files of a kind, through group modules (entries-gNNN.ts, keys-gNNN.ts) of GROUP each.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LOOKUP_KEY, LOOKUP_KINDS, lookupName, shardOf } from "../../src/catalog/lookup.ts";
import { normalize } from "../../src/catalog/normalize.ts";
import type { Entry } from "../../src/catalog/schema.ts";
import { parseCatalog } from "./catalog/parse.ts";
import { buildSearchTables, shardCount, summarize } from "./catalog/tables.ts";
import {
  parseAbsentInterfaces,
  parseTechnicalTerms,
  refuseMisplaced,
  refuseUiTerms,
  thesaurusRuns,
} from "./catalog/technical.ts";
import { parseThesaurus } from "./catalog/thesaurus.ts";
import { ROOT } from "../lib/repo-root.ts";
import { type Generator, type Owned, staleOutputs, writeOutputs } from "./generated.ts";

export const SOURCE = join(ROOT, "search_index.json");
export const THESAURUS = join(ROOT, "thesaurus.txt");
export const TECHNICAL = join(ROOT, "technical-terms.txt");
export const ABSENT = join(ROOT, "absent-interfaces.txt");
/** Where the build writes the catalog, relative to the repo. */
export const CATALOG_PATH = "generated/catalog";
export const CATALOG_DIR = join(ROOT, CATALOG_PATH);
/**
 * Entries per chunk (~22 KB): a cold get_component loads one, a page of 10 search hits up to 10. At
 * 10,000 patterns a new page loaded ~25 ms of chunks at 64 per chunk, ~13 ms at 32, ~12 ms at 16.
 */
export const CHUNK = 32;
/**
 * Literal import specifiers per module. Deno's CLI pays for every specifier of a module it loads:
 * with all of a 10,000-pattern catalog's ~440 files in load.ts, importing it took 5 ms and the first
 * file import 7 ms; through groups of 32 (load.ts names ~14 groups, each group 32 files), 1.6 and 1.4.
 */
export const GROUP = 32;
/** Files the build owns in its output directory: anything else there is left alone. */
const OWNED = /^(?:head\.json|search\.json|load\.ts|(?:entries|keys)-\d+\.json|(?:entries|keys)-g\d+\.ts)$/;
const ownedIn = (dir: string): Owned => ({ dir, pattern: OWNED });

/** `searchText` is the site's own search string; the server derives its index from the fields. */
const strip = ({ searchText: _, ...rest }: Entry): Entry => rest;
const pad = (n: number, total: number) => String(n).padStart(Math.max(3, String(total - 1).length), "0");

/**
 * The catalog directory's files (name to exact text) for a search_index.json text, with a thesaurus
 * (none unless given), technical terms (technical-terms.txt unless given) and absent interfaces
 * (absent-interfaces.txt unless given); throws when one is invalid, a technical term is UI
 * vocabulary (a title or its word, a thesaurus term), or an absent interface is listed twice or is
 * a thesaurus or technical term. An absent interface some pattern says is left out of the tables.
 */
export async function buildCatalogFiles(
  sourceText: string,
  {
    chunkSize = CHUNK,
    group = GROUP,
    thesaurus = "",
    technical = undefined as string | undefined,
    absent = undefined as string | undefined,
  } = {},
): Promise<Map<string, string>> {
  const entries = parseCatalog(JSON.parse(sourceText)).map(strip);
  const synonyms = parseThesaurus(thesaurus);
  const terms = parseTechnicalTerms(technical ?? (await readFile(TECHNICAL, "utf8")));
  const runs = thesaurusRuns(synonyms);
  refuseUiTerms(
    terms,
    entries.map((e) => normalize(e.title)),
    runs,
  );
  const missing = parseAbsentInterfaces(absent ?? (await readFile(ABSENT, "utf8")));
  refuseMisplaced(missing, runs, terms);
  const indexSha256 = createHash("sha256").update(sourceText).digest("hex");
  const chunks = Math.ceil(entries.length / chunkSize);
  const shards = shardCount(entries.length);
  const tables = buildSearchTables(entries, synonyms, terms, missing);
  const head = summarize(entries, tables, { indexSha256, chunkSize, shards });

  const keys = Array.from({ length: shards }, () => new Map<string, number[]>());
  for (const kind of LOOKUP_KINDS) {
    entries.forEach((e, d) => {
      const name = lookupName(kind, LOOKUP_KEY[kind](e));
      const shard = keys[shardOf(name, shards)];
      shard.set(name, [...(shard.get(name) ?? []), d]);
    });
  }

  // One entry or key per line, so a catalog change shows as a readable diff.
  const lines = (items: string[], open: string, close: string) => `${open}\n${items.join(",\n")}\n${close}\n`;
  const files = new Map<string, string>();
  files.set("head.json", `${JSON.stringify(head, null, 1)}\n`);
  for (let k = 0; k < chunks; k++) {
    files.set(
      `entries-${pad(k, chunks)}.json`,
      lines(
        entries.slice(k * chunkSize, (k + 1) * chunkSize).map((e) => JSON.stringify(e)),
        "[",
        "]",
      ),
    );
  }
  for (const [s, m] of keys.entries()) {
    files.set(
      `keys-${pad(s, shards)}.json`,
      lines(
        [...m].map(([k, ds]) => `${JSON.stringify(k)}:${JSON.stringify(ds)}`),
        "{",
        "}",
      ),
    );
  }
  files.set("search.json", `${JSON.stringify(tables)}\n`);
  const entryLoader = loader(files, {
    kind: "entries",
    arg: "chunk",
    what: "entry chunk",
    count: chunks,
    name: (k) => `entries-${pad(k, chunks)}.json`,
    group,
  });
  const keyLoader = loader(files, {
    kind: "keys",
    arg: "shard",
    what: "key shard",
    count: shards,
    name: (s) => `keys-${pad(s, shards)}.json`,
    group,
  });
  files.set(
    "load.ts",
    `${header(" (src/catalog/reader.ts keeps it for the isolate's life).")}
import head from "./head.json" with { type: "json" };

export { head };

export function entries(chunk: number): Promise<unknown> {
${entryLoader}
}

export function keys(shard: number): Promise<unknown> {
${keyLoader}
}

export function search(): Promise<unknown> {
  return import("./search.json", { with: { type: "json" } }).then((m) => m.default);
}
`,
  );
  return files;
}

/** The doc comment of a generated module; `more` ends its last sentence. */
const header = (more: string) => `/**
 * Generated by \`npm run build\` (scripts/build/catalog.ts) from search_index.json: do not edit.
 * Every specifier is a literal, so the edge bundler and Deno's module graph include each file; each
 * loads on first use${more}
 */`;

/** A switch on `on` over literal imports, `case k: return <load>;`, then a RangeError naming `arg`. */
const dispatch = (on: string, arg: string, what: string, cases: [number, string][]) => `  switch (${on}) {
${cases.map(([k, load]) => `    case ${k}: return ${load};`).join("\n")}
  }
  return Promise.reject(new RangeError(\`no ${what} \${${arg}}\`));`;

const jsonImport = (file: string) => `import("./${file}", { with: { type: "json" } }).then((m) => m.default)`;

interface Kind {
  /** File name prefix of the kind's group modules. */
  kind: string;
  /** load.ts's parameter name, and what it counts (for the RangeError). */
  arg: string;
  what: string;
  count: number;
  name: (k: number) => string;
  group: number;
}

/**
 * The body of load.ts's loader for `count` files of a kind: the files themselves when there are at
 * most `group`, else a group module per `group` files (added to `files`), each loading its own.
 */
function loader(files: Map<string, string>, { kind, arg, what, count, name, group }: Kind): string {
  const all = Array.from({ length: count }, (_, k): [number, string] => [k, jsonImport(name(k))]);
  if (count <= group) return dispatch(arg, arg, what, all);
  const groups = Math.ceil(count / group);
  const modules = Array.from({ length: groups }, (_, g): [number, string] => {
    const file = `${kind}-g${pad(g, groups)}.ts`;
    const last = Math.min(count, (g + 1) * group) - 1;
    files.set(
      file,
      `${header(`. ${what[0].toUpperCase()}${what.slice(1)}s ${g * group} to ${last}, for load.ts.`)}
export function load(${arg}: number): Promise<unknown> {
${dispatch(arg, arg, what, all.slice(g * group, last + 1))}
}
`,
    );
    return [g, `import("./${file}").then((m) => m.load(${arg}))`];
  });
  return dispatch(`Math.floor(${arg} / ${group})`, arg, what, modules);
}

/** Files of `dir` that differ from `files`, are missing, or are built files no longer built. */
export const staleFiles = (dir: string, files: Map<string, string>) => staleOutputs(dir, files, ownedIn("."));

/** Writes `files` into `dir` and removes the built files no longer built; returns what changed. */
export const writeCatalogFiles = (dir: string, files: Map<string, string>) => writeOutputs(dir, files, ownedIn("."));

/**
 * The shipped catalog, from search_index.json, thesaurus.txt, technical-terms.txt and
 * absent-interfaces.txt into generated/catalog/.
 */
export const catalogGenerator: Generator = {
  name: "catalog",
  from: "search_index.json, thesaurus.txt, technical-terms.txt, absent-interfaces.txt",
  owns: ownedIn(CATALOG_PATH),
  async build() {
    const files = await buildCatalogFiles(await readFile(SOURCE, "utf8"), {
      thesaurus: await readFile(THESAURUS, "utf8"),
      technical: await readFile(TECHNICAL, "utf8"),
      absent: await readFile(ABSENT, "utf8"),
    });
    const bytes = [...files.values()].reduce((n, t) => n + t.length, 0);
    return {
      files: new Map([...files].map(([name, text]) => [`${CATALOG_PATH}/${name}`, text])),
      note: `${files.size} files, ${bytes} bytes`,
    };
  },
};
