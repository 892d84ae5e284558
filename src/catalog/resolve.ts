/**
 * One resolver for every tool: `#123`, `123`, ` #0123 `, UUIDs with or without dashes in any case,
 * slugs with or without the leading slash, a unique bare last segment, and full site URLs.
 */
import { LIMITS } from "../config.ts";
import type { Entry } from "./schema.ts";

export type Resolution = { ok: true; entry: Entry } | { ok: false; reason: "not_found" | "ambiguous" | "invalid"; candidates: Entry[] };

export interface Resolver {
  resolve(ref: string): Resolution;
}

const NUMBER = /^#?\s*0*(\d{1,9})$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Notion page URLs end in the page id: `/Drag-and-Drop-1a2b…` */
const TRAILING_UUID = /([0-9a-f]{32})$/i;

export const compactId = (id: string) => id.replace(/-/g, "").toLowerCase();

export function createResolver(entries: readonly Entry[]): Resolver {
  const byNumber = new Map(entries.map((e) => [e.catalogNumber, e]));
  const byId = new Map(entries.map((e) => [compactId(e.id), e]));
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  const byLast = new Map<string, Entry[]>();
  for (const e of entries) {
    const last = e.slug.slice(e.slug.lastIndexOf("/") + 1);
    byLast.set(last, [...(byLast.get(last) ?? []), e]);
  }
  const found = (entry: Entry | undefined): Resolution =>
    entry ? { ok: true, entry } : { ok: false, reason: "not_found", candidates: [] };

  function fromPath(path: string): Resolution {
    const clean = "/" + path.replace(/^\/+|\/+$/g, "").toLowerCase();
    const exact = bySlug.get(clean);
    if (exact) return found(exact);
    const last = clean.slice(clean.lastIndexOf("/") + 1);
    const trailing = TRAILING_UUID.exec(last);
    if (trailing) return found(byId.get(trailing[1].toLowerCase()));
    if (clean.indexOf("/", 1) !== -1) return found(undefined);
    const same = byLast.get(last) ?? [];
    if (same.length > 1) return { ok: false, reason: "ambiguous", candidates: same };
    return found(same[0]);
  }

  return {
    resolve(raw) {
      const ref = raw.trim();
      if (ref === "" || ref.length > LIMITS.refChars) return { ok: false, reason: "invalid", candidates: [] };
      const n = NUMBER.exec(ref);
      if (n) return found(byNumber.get(Number(n[1])));
      if (UUID.test(ref)) return found(byId.get(compactId(ref)));
      if (/^https?:\/\//i.test(ref)) {
        try {
          return fromPath(new URL(ref).pathname);
        } catch {
          return { ok: false, reason: "invalid", candidates: [] };
        }
      }
      if (/^\/?[a-z0-9-]+(\/[a-z0-9-]+)*\/?$/i.test(ref)) return fromPath(ref);
      return found(undefined);
    },
  };
}
