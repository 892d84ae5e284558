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
 * Nothing is guessed: a ref either names one pattern or fails with the domain error the model can act
 * on: `invalid_args` explaining why it is malformed, or listing the candidates when it is ambiguous;
 * `pattern_not_found` with the closest search hits otherwise.
 */
import { LIMITS } from "../config.ts";
import { domainError, failure, type Result } from "../errors.ts";
import { compactId, type LookupKind } from "./lookup.ts";
import { normalize } from "./normalize.ts";
import type { Entry } from "./schema.ts";

/** The one pattern a ref names, or why it names none. */
export type Resolution = Result<{ entry: Entry }>;

export interface Resolver {
  resolve(ref: string): Promise<Resolution>;
}

/** What the resolver is built over: the catalog's lookup, its site, and its search for near misses. */
export interface ResolverOptions {
  siteUrl?: string;
  /** The closest few patterns to words that name none (the catalog's search); none when absent. */
  near?: (ref: string) => Promise<readonly Entry[]>;
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

const candidate = (e: Entry) => ({
  pattern_id: e.id,
  catalog_number: `#${e.catalogNumber}`,
  title: e.title,
  slug: e.slug,
});
/** Echoed refs are cut: a hostile 512-character ref must not bloat the error the model reads. */
const quote = (ref: string) => JSON.stringify(ref.length > 80 ? `${ref.slice(0, 80)}…` : ref);

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

/**
 * What a ref resolves to before the error is worded: the entry, or why there is none (`ambiguous`
 * with its candidates, `invalid` with why).
 */
type Found = Entry | { ambiguous: Entry[] } | { invalid: string } | undefined;

export function createResolver(lookup: Lookup, opts: ResolverOptions = {}): Resolver {
  // Unique keys (number, id, slug) name at most one entry; the build refuses duplicates.
  const one = async (kind: LookupKind, key: string) => (await lookup(kind, key))[0];
  const hosts = siteHosts(opts.siteUrl);
  const found = (entry: Entry | undefined): Found => entry;
  const invalid = (detail: string): Found => ({ invalid: detail });
  const oneOf = (same: Entry[] | undefined): Found =>
    same && same.length > 1 ? { ambiguous: same } : found(same?.[0]);

  /** A path of the site: exact slug, a Notion-style trailing id, or (one segment only) a unique last segment. */
  async function fromPath(path: string, allowSlug: boolean): Promise<Found | null> {
    const clean = `/${path.replace(/^\/+|\/+$/g, "").toLowerCase()}`;
    const last = clean.slice(clean.lastIndexOf("/") + 1);
    const trailing = TRAILING_ID.exec(last);
    if (trailing) return found(await one("id", trailing[1].toLowerCase()));
    if (!allowSlug) return null;
    const exact = await one("slug", clean);
    if (exact) return found(exact);
    // A wrong section ("/ux-patterns/tabs") is not silently corrected: only a bare segment may be short.
    if (clean.indexOf("/", 1) !== -1 || !PATH.test(clean)) return found(undefined);
    return oneOf(await lookup("last", last));
  }

  /** A URL: null when it is neither on the site nor a Notion-style page URL. */
  async function fromUrl(ref: string): Promise<Found | null> {
    let url: URL;
    try {
      url = new URL(SCHEME.test(ref) ? ref : `https://${ref}`);
    } catch {
      return SCHEME.test(ref) ? invalid("it is not a valid URL") : null;
    }
    return fromPath(url.pathname, hosts.has(url.hostname.toLowerCase()));
  }

  async function find(raw: string): Promise<Found> {
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
    if (SCHEME.test(ref)) {
      const url = await fromUrl(ref);
      return url === null ? invalid(NOT_THE_SITE) : url;
    }
    // Without a scheme ("patttterns.com/ui-components/tabs") only a site or Notion-style URL counts;
    // else it may be a title.
    const bare = BARE_HOST.test(ref) ? await fromUrl(ref) : null;
    if (bare !== null) return bare;
    // A bare path may carry a query or fragment too ("tabs#examples"); a leading "#" is a catalog
    // number, handled above.
    const path = ref.replace(/(?<=.)[?#].*$/s, "");
    if (PATH.test(path)) {
      // An entry or an ambiguous segment answers; a path that names nothing may still be a title.
      const r = await fromPath(path, true);
      if (r) return r;
    }
    return oneOf(await lookup("title", normalize(ref)));
  }

  /** `ref` as what it names, or the domain error that says why it names no one pattern. */
  async function resolve(ref: string): Promise<Resolution> {
    const f = await find(ref);
    if (f === undefined) {
      // Words that name no pattern may still find some: offer the best few so the next call can succeed.
      const near = (opts.near ? await opts.near(ref) : []).map(candidate);
      return failure(
        domainError.pattern_not_found(
          `No pattern matches ${quote(ref)}.`,
          near.length
            ? `Did you mean ${near.map((c) => `${c.catalog_number} ${c.title}`).join(", ")}? ` +
                "Call again with its catalog_number, or search_patterns to look further."
            : "Call search_patterns or search_components with keywords to find the pattern, " +
                "then use its catalog_number.",
          near.length ? { candidates: near } : {},
        ),
      );
    }
    if ("invalid" in f) {
      return failure(
        domainError.invalid_args(
          `pattern_id ${quote(ref)} is not usable: ${f.invalid}.`,
          'Pass a catalog number ("#123"), a Notion UUID, a slug ("/ui-components/tabs") or a patttterns.com URL.',
        ),
      );
    }
    if ("ambiguous" in f) {
      const candidates = f.ambiguous.map(candidate);
      return failure(
        domainError.invalid_args(
          `${quote(ref)} matches ${candidates.length} patterns: ` +
            `${candidates.map((c) => `${c.catalog_number} ${c.title} (${c.slug})`).join(", ")}.`,
          `Call again with one of these catalog numbers: ${candidates.map((c) => c.catalog_number).join(", ")}.`,
          { candidates },
        ),
      );
    }
    return { ok: true, entry: f };
  }

  return { resolve };
}
