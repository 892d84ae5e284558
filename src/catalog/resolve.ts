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
import { compactId, type LookupKind } from "./lookup.ts";
import { normalize } from "./normalize.ts";
import type { Entry } from "./schema.ts";

export type Resolution =
  | { ok: true; entry: Entry }
  | { ok: false; reason: "not_found" | "ambiguous" | "invalid"; candidates: Entry[]; detail?: string };

export interface Resolver {
  resolve(ref: string): Promise<Resolution>;
}

/**
 * The entries whose lookup key of `kind` (lookup.ts) is `key`, in catalog-number order. The built
 * catalog's reader answers from one lookup shard and the entry chunks it names, an in-memory one from maps.
 */
export type Lookup = (kind: LookupKind, key: string) => Promise<Entry[]>;

const NUMBER = /^#?\s*0*(\d{1,9})$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Notion page URLs end in the page id: `/Drag-and-Drop-1a2b…`; the id must be a whole word. */
const TRAILING_ID = /(?:^|-)([0-9a-f]{32})$/i;
const SCHEME = /^https?:\/\//i;
/** `patttterns.com/ui-components/tabs`, `localhost:8888/x`: a host name with a dot (or localhost), then a path. */
const BARE_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})(?::\d{1,5})?(?:[/?#]|$)/i;
const PATH = /^\/?[a-z0-9-]+(?:\/[a-z0-9-]+)*\/?$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** `..`, `.` (also percent-encoded) and backslashes: the URL parser would quietly rewrite the path they belong to. */
const REWRITTEN_PATH = /\\|(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const NOT_THE_SITE = "it is not a patttterns.com URL: give the pattern's patttterns.com URL, slug or catalog number";

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

export function createResolver(lookup: Lookup, opts: { siteUrl?: string } = {}): Resolver {
  // Unique keys (number, id, slug) name at most one entry; the build refuses duplicates.
  const one = async (kind: LookupKind, key: string) => (await lookup(kind, key))[0];
  const hosts = siteHosts(opts.siteUrl);

  const found = (entry: Entry | undefined): Resolution =>
    entry ? { ok: true, entry } : { ok: false, reason: "not_found", candidates: [] };
  const invalid = (detail: string): Resolution => ({ ok: false, reason: "invalid", candidates: [], detail });
  const oneOf = (same: Entry[] | undefined): Resolution =>
    same && same.length > 1 ? { ok: false, reason: "ambiguous", candidates: same } : found(same?.[0]);

  /** A path of the site: exact slug, a Notion-style trailing id, or (one segment only) a unique last segment. */
  async function fromPath(path: string, allowSlug: boolean): Promise<Resolution | undefined> {
    const clean = `/${path.replace(/^\/+|\/+$/g, "").toLowerCase()}`;
    const last = clean.slice(clean.lastIndexOf("/") + 1);
    const trailing = TRAILING_ID.exec(last);
    if (trailing) return found(await one("id", trailing[1].toLowerCase()));
    if (!allowSlug) return undefined;
    const exact = await one("slug", clean);
    if (exact) return found(exact);
    // A wrong section ("/ux-patterns/tabs") is not silently corrected: only a bare segment may be short.
    if (clean.indexOf("/", 1) !== -1 || !PATH.test(clean)) return found(undefined);
    return oneOf(await lookup("last", last));
  }

  /** A URL: undefined when it is neither on the site nor a Notion-style page URL. */
  async function fromUrl(ref: string): Promise<Resolution | undefined> {
    let url: URL;
    try {
      url = new URL(SCHEME.test(ref) ? ref : `https://${ref}`);
    } catch {
      return SCHEME.test(ref) ? invalid("it is not a valid URL") : undefined;
    }
    return fromPath(url.pathname, hosts.has(url.hostname.toLowerCase()));
  }

  return {
    async resolve(raw) {
      if (typeof raw !== "string") return invalid("the ref must be a string");
      const ref = raw.trim();
      if (ref === "") return invalid("the ref is empty");
      if (ref.length > LIMITS.refChars) return invalid(`the ref is longer than ${LIMITS.refChars} characters`);
      // Control characters inside a ref are never part of a real one; the URL parser would silently
      // drop tabs and newlines.
      if (CONTROL.test(ref)) return invalid("the ref contains control characters");
      if (REWRITTEN_PATH.test(ref)) return invalid("the ref contains dot segments or backslashes");
      const n = NUMBER.exec(ref);
      if (n) return found(await one("number", String(Number(n[1]))));
      if (UUID.test(ref)) return found(await one("id", compactId(ref)));
      if (SCHEME.test(ref)) return (await fromUrl(ref)) ?? invalid(NOT_THE_SITE);
      // Without a scheme ("patttterns.com/ui-components/tabs") only a site or Notion-style URL counts;
      // else it may be a title.
      const bare = BARE_HOST.test(ref) ? await fromUrl(ref) : undefined;
      if (bare) return bare;
      // A bare path may carry a query or fragment too ("tabs#examples"); a leading "#" is a catalog
      // number, handled above.
      const path = ref.replace(/(?<=.)[?#].*$/s, "");
      if (PATH.test(path)) {
        const r = (await fromPath(path, true))!;
        if (r.ok || r.reason === "ambiguous") return r;
      }
      return oneOf(await lookup("title", normalize(ref)));
    },
  };
}
