/**
 * How the resolver (resolve.ts) finds entries: each ref names a kind (number, id, slug, last
 * segment, title) and a lookup key; each entry has one key per kind. The build
 * (scripts/build/catalog.ts) writes every entry's keys, as lookup names, into hash-sharded files
 * (generated/catalog/keys-NNN.json, "lookup shards") so a cold isolate loads one small shard per lookup, not
 * the catalog; an in-memory catalog (tests/helpers/memory-catalog.ts) maps them.
 */
import { normalize } from "./normalize.ts";
import type { Entry } from "./schema.ts";

export const compactId = (id: string) => id.replaceAll("-", "").toLowerCase();

/** What a ref may name, and each entry's key for it. `last` and `title` may be shared by several entries. */
export const LOOKUP_KEY = {
  number: (e: Entry) => String(e.catalogNumber),
  id: (e: Entry) => compactId(e.id),
  slug: (e: Entry) => e.slug,
  last: (e: Entry) => e.slug.slice(e.slug.lastIndexOf("/") + 1),
  title: (e: Entry) => normalize(e.title),
} as const;

export type LookupKind = keyof typeof LOOKUP_KEY;
export const LOOKUP_KINDS = Object.keys(LOOKUP_KEY) as LookupKind[];

/** A lookup name: one string per (kind, key); the kinds never collide, whatever the key holds. */
export const lookupName = (kind: LookupKind, key: string) => `${kind}:${key}`;

/** FNV-1a (32 bit) over UTF-16 code units: tiny, stable across runtimes, spreads slugs and ids well. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `shards` is a power of two. */
export const shardOf = (name: string, shards: number) => fnv1a(name) & (shards - 1);
