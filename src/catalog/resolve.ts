/**
 * One resolver for every tool. Accepted forms, tried in this order:
 * - catalog number: `#123`, `123`, ` #0123 ` (spaces and leading zeros allowed);
 * - Notion page UUID with or without dashes, any case;
 * - URL: `https://patttterns.com/ui-components/tabs?x#y` (also without the scheme); query and fragment
 *   are ignored. Paths are honoured only on the site's own host or localhost; a Notion-style URL whose
 *   last segment ends in the 32-hex page id resolves by that id on any host (the id is unique);
 * - slug with or without the leading / trailing slash, or a bare last segment when it is unique;
 * - an exact title ("Tabs with Overflow Menu"), case and punctuation ignored, when it is unique.
 * Anything else is not found; refs that are empty, too long or contain control characters are invalid.
 * Nothing is guessed: a ref either names one pattern or fails with the reason (and candidates).
 */
import { LIMITS } from "../config.ts";
import { normalize } from "./normalize.ts";
import type { Entry } from "./schema.ts";

export type Resolution =
  | { ok: true; entry: Entry }
  | { ok: false; reason: "not_found" | "ambiguous" | "invalid"; candidates: Entry[]; detail?: string };

export interface Resolver {
  resolve(ref: string): Resolution;
}

const NUMBER = /^#?\s*0*(\d{1,9})$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Notion page URLs end in the page id: `/Drag-and-Drop-1a2b…`; the id must be a whole word. */
const TRAILING_ID = /(?:^|-)([0-9a-f]{32})$/i;
const SCHEME = /^https?:\/\//i;
/** `patttterns.com/ui-components/tabs`, `localhost:8888/x`: a host name with a dot (or localhost), then a path. */
const BARE_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})(?::\d{1,5})?(?:[/?#]|$)/i;
const PATH = /^\/?[a-z0-9-]+(?:\/[a-z0-9-]+)*\/?$/i;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** `..`, `.` (also percent-encoded) and backslashes: the URL parser would quietly rewrite the path they belong to. */
const REWRITTEN_PATH = /\\|(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const compactId = (id: string) => id.replace(/-/g, "").toLowerCase();

const byNumberOrder = (a: Entry, b: Entry) => a.catalogNumber - b.catalogNumber;

function group<K>(entries: readonly Entry[], key: (e: Entry) => K): Map<K, Entry[]> {
  const out = new Map<K, Entry[]>();
  for (const e of [...entries].sort(byNumberOrder)) out.set(key(e), [...(out.get(key(e)) ?? []), e]);
  return out;
}

/** The hosts whose paths are catalog slugs: the site's own (with and without `www.`), patttterns.com, localhost. */
function siteHosts(siteUrl: string | undefined): Set<string> {
  const hosts = new Set(["patttterns.com", ...LOCAL_HOSTS]);
  try {
    if (siteUrl) hosts.add(new URL(siteUrl).hostname.toLowerCase());
  } catch {
    // A malformed SITE_URL only narrows the accepted hosts to the defaults.
  }
  for (const h of [...hosts]) if (!LOCAL_HOSTS.has(h)) hosts.add(h.startsWith("www.") ? h.slice(4) : `www.${h}`);
  return hosts;
}

function lazyMap<K, V>(build: () => Map<K, V>): { get(key: K): V | undefined } {
  let map: Map<K, V> | undefined;
  return { get: (key) => (map ??= build()).get(key) };
}

export function createResolver(entries: readonly Entry[], opts: { siteUrl?: string } = {}): Resolver {
  // Each map is built on its first lookup: a cold isolate answering one `#123` or one UUID builds
  // one map, not five (normalizing every title alone is ~10 ms at 10,000 patterns).
  const byNumber = lazyMap(() => new Map(entries.map((e) => [e.catalogNumber, e])));
  const byId = lazyMap(() => new Map(entries.map((e) => [compactId(e.id), e])));
  const bySlug = lazyMap(() => new Map(entries.map((e) => [e.slug, e])));
  const byLast = lazyMap(() => group(entries, (e) => e.slug.slice(e.slug.lastIndexOf("/") + 1)));
  const byTitle = lazyMap(() => group(entries, (e) => normalize(e.title)));
  const hosts = siteHosts(opts.siteUrl);

  const found = (entry: Entry | undefined): Resolution =>
    entry ? { ok: true, entry } : { ok: false, reason: "not_found", candidates: [] };
  const invalid = (detail: string): Resolution => ({ ok: false, reason: "invalid", candidates: [], detail });
  const oneOf = (same: Entry[] | undefined): Resolution =>
    same && same.length > 1 ? { ok: false, reason: "ambiguous", candidates: same } : found(same?.[0]);

  /** A path of the site: exact slug, a Notion-style trailing id, or (one segment only) a unique last segment. */
  function fromPath(path: string, allowSlug: boolean): Resolution | undefined {
    const clean = "/" + path.replace(/^\/+|\/+$/g, "").toLowerCase();
    const last = clean.slice(clean.lastIndexOf("/") + 1);
    const trailing = TRAILING_ID.exec(last);
    if (trailing) return found(byId.get(trailing[1].toLowerCase()));
    if (!allowSlug) return undefined;
    const exact = bySlug.get(clean);
    if (exact) return found(exact);
    // A wrong section ("/ux-patterns/tabs") is not silently corrected: only a bare segment may be short.
    if (clean.indexOf("/", 1) !== -1 || !PATH.test(clean)) return found(undefined);
    return oneOf(byLast.get(last));
  }

  /** A URL: undefined when it is neither on the site nor a Notion-style page URL. */
  function fromUrl(ref: string): Resolution | undefined {
    let url: URL;
    try {
      url = new URL(SCHEME.test(ref) ? ref : `https://${ref}`);
    } catch {
      return SCHEME.test(ref) ? invalid("it is not a valid URL") : undefined;
    }
    return fromPath(url.pathname, hosts.has(url.hostname.toLowerCase()));
  }

  return {
    resolve(raw) {
      if (typeof raw !== "string") return invalid("the ref must be a string");
      const ref = raw.trim();
      if (ref === "") return invalid("the ref is empty");
      if (ref.length > LIMITS.refChars) return invalid(`the ref is longer than ${LIMITS.refChars} characters`);
      // Control characters inside a ref are never part of a real one; the URL parser would silently drop tabs and newlines.
      if (CONTROL.test(ref)) return invalid("the ref contains control characters");
      if (REWRITTEN_PATH.test(ref)) return invalid("the ref contains dot segments or backslashes");
      const n = NUMBER.exec(ref);
      if (n) return found(byNumber.get(Number(n[1])));
      if (UUID.test(ref)) return found(byId.get(compactId(ref)));
      if (SCHEME.test(ref)) return fromUrl(ref) ?? invalid("it is not a patttterns.com URL: give the pattern's patttterns.com URL, slug or catalog number");
      // Without a scheme ("patttterns.com/ui-components/tabs") only a site or Notion-style URL counts; else it may be a title.
      const bare = BARE_HOST.test(ref) ? fromUrl(ref) : undefined;
      if (bare) return bare;
      // A bare path may carry a query or fragment too ("tabs#examples"); a leading "#" is a catalog number, handled above.
      const path = ref.replace(/(?<=.)[?#].*$/s, "");
      if (PATH.test(path)) {
        const r = fromPath(path, true)!;
        if (r.ok || r.reason === "ambiguous") return r;
      }
      return oneOf(byTitle.get(normalize(ref)));
    },
  };
}
