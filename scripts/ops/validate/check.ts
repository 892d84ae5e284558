/**
 * The drift guard behind `npm run validate`: the catalog against itself and against a Components
 * store (the committed fixtures, or any Blobs store). Returns every problem found, as sentences.
 */
import { createRequire } from "node:module";
import type * as TS from "typescript";
import { compactId } from "../../../src/catalog/lookup.ts";
import { catalogSchema, type Entry } from "../../../src/catalog/schema.ts";
import {
  blobKeys,
  VERSION_ID,
  versionIndexSchema,
  type VersionIndex,
  visibleVersions,
} from "../../../src/components/model.ts";
import { cssVariables, UI_TOKENS } from "../../../src/components/rules.ts";

/** What the guard reads a store through: the KV of src/storage/blobs.ts, or the fixtures on disk. */
export interface StoreView {
  /** Where the store is, for the report ("fixtures/components", "Blobs store components"). */
  name: string;
  list(): Promise<string[]>;
  get(key: string): Promise<Uint8Array | null>;
  /** A key as a person would look for it (a fixture path); defaults to the key. */
  label?(key: string): string;
  /** Problems found while building the view (e.g. a fixture folder no entry matches). */
  problems?: string[];
}

export interface Report {
  problems: string[];
  entries: number;
  components: number;
  blobs: number;
}

// Required, not imported: an ESM import of TypeScript's 9 MB CommonJS file makes Node scan it for its
// export names first: loading it under tsx costs about 0.35 s of CPU this way, 1 s the other.
const ts: typeof TS = createRequire(import.meta.url)("typescript");

const KEY = /^([0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12})\/(versions\.json|(.+)\.tsx)$/i;
const KNOWN_TOKENS = new Set<string>(UI_TOKENS);
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Parse diagnostics of a TSX text, as `line:col message` (1-based), at most `max` of them. */
export function tsxSyntaxErrors(text: string, name = "component.tsx", max = 3): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  // parseDiagnostics is the parser's own list: syntax only, no type checking, no lib files needed.
  const diagnostics = (file as unknown as { parseDiagnostics: TS.Diagnostic[] }).parseDiagnostics ?? [];
  return diagnostics.slice(0, max).map((d) => {
    const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
    return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
  });
}

export async function validate(catalogRaw: unknown, store: StoreView): Promise<Report> {
  const problems: string[] = [...(store.problems ?? [])];
  const parsed = catalogSchema.safeParse(catalogRaw);
  if (!parsed.success) {
    for (const i of parsed.error.issues.slice(0, 20)) problems.push(`catalog: entry ${i.path.join(".")}: ${i.message}`);
    return { problems, entries: 0, components: 0, blobs: 0 };
  }
  const entries = parsed.data;
  const name = (e: Entry) => `#${e.catalogNumber} ${e.title}`;
  unique(entries, (e) => compactId(e.id), "id", name, problems);
  unique(entries, (e) => String(e.catalogNumber), "catalog number", name, problems);
  unique(entries, (e) => e.slug, "slug", name, problems);

  const byId = new Map(entries.map((e) => [compactId(e.id), e]));
  const label = (key: string) => store.label?.(key) ?? `${store.name}: ${key}`;
  const byPattern = groupByPattern(await store.list(), byId, label, problems);

  let blobs = 0;
  const texts = new Map<string, string | null>();
  const withActive = new Set<string>();
  for (const { entry, keys: present } of byPattern.values()) {
    const where = name(entry);
    const index = await readIndex(store, blobKeys.index(entry.id), present, (p) =>
      problems.push(`${where} (${label(blobKeys.index(entry.id))}): ${p}`),
    );
    const listed = new Set(index?.versions.map((v) => v.versionId) ?? []);
    // Every TSX blob, listed or not, must parse and use known tokens only.
    for (const key of [...present].filter((k) => k.endsWith(".tsx")).sort()) {
      blobs++;
      const at = `${where} (${label(key)})`;
      const version = key.slice(key.lastIndexOf("/") + 1, -".tsx".length);
      if (index && !listed.has(version)) problems.push(`${at}: blob ${version} is not listed in versions.json`);
      const text = decode(await store.get(key));
      texts.set(key, text);
      if (text === null) {
        problems.push(`${at}: not valid UTF-8`);
        continue;
      }
      checkTsx(text, key, at, problems);
    }
    if (!index) continue;
    const p = (msg: string) => problems.push(`${where} (${label(blobKeys.index(entry.id))}): ${msg}`);
    if (checkIndex(entry, index, present, listed, p) && texts.get(blobKeys.tsx(entry.id, index.activeVersionId)))
      withActive.add(entry.id);
  }

  for (const e of entries) {
    if (e.hasGeneratedComponent && !withActive.has(e.id))
      problems.push(`${name(e)}: hasGeneratedComponent is true but the store has no readable active version`);
    if (!e.hasGeneratedComponent && withActive.has(e.id))
      problems.push(`${name(e)}: the store has an active version but hasGeneratedComponent is false`);
  }
  return { problems, entries: entries.length, components: byPattern.size, blobs };
}

/** The store's keys by catalog pattern; keys of no known shape, or of no catalog pattern, are problems. */
function groupByPattern(
  allKeys: string[],
  byId: Map<string, Entry>,
  label: (key: string) => string,
  problems: string[],
): Map<string, { entry: Entry; keys: Set<string> }> {
  const byPattern = new Map<string, { entry: Entry; keys: Set<string> }>();
  for (const key of allKeys) {
    const m = KEY.exec(key);
    if (!m) {
      problems.push(
        `${label(key)}: unexpected key (expected <pattern-uuid>/versions.json or <pattern-uuid>/<version>.tsx)`,
      );
      continue;
    }
    const entry = byId.get(compactId(m[1]));
    if (!entry) {
      problems.push(`${label(key)}: the store holds a component for ${m[1]}, which is not in the catalog`);
      continue;
    }
    if (m[3] !== undefined && !VERSION_ID.test(m[3]))
      problems.push(`${label(key)}: "${m[3]}" is not a version id (seed, v1, v2, …)`);
    const group = byPattern.get(entry.id) ?? { entry, keys: new Set<string>() };
    group.keys.add(key);
    byPattern.set(entry.id, group);
  }
  return byPattern;
}

/** A TSX blob must parse and use known design tokens only. */
function checkTsx(text: string, key: string, at: string, problems: string[]) {
  for (const err of tsxSyntaxErrors(text, key)) problems.push(`${at}: TSX does not parse: ${err}`);
  const unknown = cssVariables(text).filter((t) => !KNOWN_TOKENS.has(t));
  if (unknown.length)
    problems.push(
      `${at}: unknown design tokens ${unknown.join(", ")} (known: --ui-bg, --ui-text, … see UI_TOKENS in src/components/rules.ts)`,
    );
}

/**
 * A versions.json's consistency with itself and the blobs `present`: no version listed twice, every
 * visible one with code, the seed listed as a seed. True when the active version is listed and visible.
 */
function checkIndex(
  entry: Entry,
  index: VersionIndex,
  present: Set<string>,
  listed: Set<string>,
  p: (msg: string) => void,
): boolean {
  const visible = new Set(visibleVersions(index).map((v) => v.versionId));
  const seen = new Set<string>();
  for (const v of index.versions) {
    if (seen.has(v.versionId)) p(`version ${v.versionId} is listed twice`);
    seen.add(v.versionId);
    if (visible.has(v.versionId) && !present.has(blobKeys.tsx(entry.id, v.versionId)))
      p(`visible version ${v.versionId} has no code blob`);
  }
  const seed = index.versions.find((v) => v.versionId === index.seedVersionId);
  if (!seed) p(`seedVersionId ${index.seedVersionId} is not listed`);
  else if (seed.kind !== "seed") p(`seedVersionId ${index.seedVersionId} is listed with kind "${seed.kind}"`);
  if (!listed.has(index.activeVersionId)) p(`activeVersionId ${index.activeVersionId} names no listed version`);
  else if (!visible.has(index.activeVersionId)) p(`activeVersionId ${index.activeVersionId} names a hidden version`);
  else return true;
  return false;
}

async function readIndex(
  store: StoreView,
  key: string,
  present: Set<string>,
  problem: (p: string) => void,
): Promise<VersionIndex | null> {
  if (!present.has(key)) {
    problem("versions.json is missing, so no version can be served");
    return null;
  }
  const text = decode(await store.get(key));
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? "");
  } catch {
    problem("versions.json is not JSON");
    return null;
  }
  const parsed = versionIndexSchema().safeParse(raw);
  if (!parsed.success) {
    problem(
      `versions.json does not match the model: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
        .join("; ")}`,
    );
    return null;
  }
  return parsed.data;
}

function decode(bytes: Uint8Array | null): string | null {
  if (bytes === null) return null;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function unique(
  entries: Entry[],
  key: (e: Entry) => string,
  what: string,
  name: (e: Entry) => string,
  problems: string[],
) {
  const seen = new Map<string, Entry>();
  for (const e of entries) {
    const k = key(e);
    const first = seen.get(k);
    if (first) problems.push(`catalog: duplicate ${what} ${k}: ${name(first)} and ${name(e)}`);
    else seen.set(k, e);
  }
}
