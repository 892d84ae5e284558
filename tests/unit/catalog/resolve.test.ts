import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import type { Resolution } from "../../../src/catalog/resolve.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { parseCatalog } from "../../../scripts/build/catalog/parse.ts";
import { createCatalog } from "../../helpers/memory-catalog.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { entry } from "../../helpers/entries.ts";

const raw = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
const catalog = createCatalog(raw, "https://patttterns.com");
const entries = parseCatalog(raw);
const bySlug = (slug: string) => entries.find((e) => e.slug === slug)!;
const tabs = bySlug("/ui-components/tabs");
const sidebar = entries.find((e) => e.catalogNumber === 123)!;
const lastSegment = (e: Entry) => e.slug.slice(e.slug.lastIndexOf("/") + 1);

/** The candidates a failed resolution lists (ambiguous refs, and near misses of refs that name nothing). */
const candidatesOf = (r: Resolution) =>
  r.ok ? [] : ((r.error.candidates ?? []) as { slug: string; catalog_number: string }[]);

/**
 * What the ref resolved to, as "#n" or why it failed: `not_found` (pattern_not_found), `ambiguous`
 * (invalid_args listing candidates) or `invalid` (invalid_args, malformed).
 */
const to = (r: Resolution) =>
  r.ok
    ? `#${r.entry.catalogNumber}`
    : r.error.code === "pattern_not_found"
      ? "not_found"
      : candidatesOf(r).length
        ? "ambiguous"
        : "invalid";
const resolveTo = async (ref: string) => to(await catalog.resolve(ref));

describe("resolver: catalog numbers", () => {
  it("accepts #123, 123, spaces and leading zeros", async () => {
    for (const ref of ["#123", "123", " #0123 ", "0123", "#000123", "# 123", "\t#123\n"])
      expect(await resolveTo(ref), ref).toBe("#123");
    expect(sidebar.slug).toBe("/ui-components/sidebar-navigation");
  });

  it("does not find numbers the catalog lacks, nor malformed numbers", async () => {
    for (const ref of [
      "#0",
      "0",
      "#9999",
      "#999999999",
      "#1234567890",
      "-12",
      "12.0",
      "#12abc",
      "1e2",
      "#+12",
      "##12",
    ]) {
      expect((await catalog.resolve(ref)).ok, ref).toBe(false);
    }
  });
});

describe("resolver: UUIDs", () => {
  it("accepts the Notion UUID with or without dashes, in any case", async () => {
    const id = tabs.id;
    const compact = id.replace(/-/g, "");
    for (const ref of [
      id,
      id.toUpperCase(),
      compact,
      compact.toUpperCase(),
      ` ${id} `,
      id.replace(/[a-f]/g, (c) => c.toUpperCase()),
    ]) {
      expect(await resolveTo(ref), ref).toBe("#12");
    }
  });

  it("resolves a Notion page URL or title-id by its trailing id, on any host", async () => {
    const compact = tabs.id.replace(/-/g, "");
    expect(await resolveTo(`https://www.notion.so/patttterns/Tabs-${compact}`)).toBe("#12");
    expect(await resolveTo(`https://www.notion.so/patttterns/Tabs-${compact}?pvs=4#block`)).toBe("#12");
    expect(await resolveTo(`https://patttterns.notion.site/${compact}`)).toBe("#12");
    expect(await resolveTo(`notion.so/Tabs-${compact.toUpperCase()}`)).toBe("#12");
    expect(await resolveTo(`Tabs-${compact}`)).toBe("#12");
  });

  it("never resolves a UUID that is not in the catalog, or an id glued to other hex", async () => {
    const compact = tabs.id.replace(/-/g, "");
    expect(await resolveTo("00000000-0000-4000-8000-000000000000")).toBe("not_found");
    expect(await resolveTo(`a${compact}`)).toBe("not_found");
    expect(await resolveTo(`${compact}0`)).toBe("not_found");
    expect(await resolveTo(`Tabs-a${compact}`)).toBe("not_found");
    expect(await resolveTo(`{${tabs.id}}`)).toBe("not_found");
    expect(await resolveTo(tabs.id.slice(0, 35))).toBe("not_found");
  });
});

describe("resolver: slugs and segments", () => {
  it("accepts the slug with or without the leading and trailing slash, any case", async () => {
    for (const ref of [
      "/ui-components/tabs",
      "ui-components/tabs",
      "/ui-components/tabs/",
      "ui-components/tabs/",
      "/UI-Components/Tabs",
    ]) {
      expect(await resolveTo(ref), ref).toBe("#12");
    }
  });

  it("accepts a bare last segment when it is unique", async () => {
    for (const ref of ["tabs", "/tabs", "tabs/", "/tabs/", "Tabs", "tabs#examples", "tabs?ref=nav"])
      expect(await resolveTo(ref), ref).toBe("#12");
  });

  it("reports an ambiguous last segment with every candidate, by catalog number", async () => {
    const shared = new Map<string, Entry[]>();
    for (const e of entries) shared.set(lastSegment(e), [...(shared.get(lastSegment(e)) ?? []), e]);
    const ambiguous = [...shared].filter(([, es]) => es.length > 1);
    expect(ambiguous.map(([s]) => s).sort()).toEqual(["checkout", "onboarding", "voice-input"]);
    for (const [segment, es] of ambiguous) {
      for (const ref of [segment, `/${segment}`, `${segment}/`, segment.toUpperCase()]) {
        const r = await catalog.resolve(ref);
        expect(r.ok, ref).toBe(false);
        if (r.ok) continue;
        expect(to(r)).toBe("ambiguous");
        expect(candidatesOf(r).map((c) => c.slug)).toEqual(
          es.map((e) => e.slug).sort((a, b) => bySlug(a).catalogNumber - bySlug(b).catalogNumber),
        );
      }
      // The full slug of each candidate is never ambiguous.
      for (const e of es) expect(await resolveTo(e.slug)).toBe(`#${e.catalogNumber}`);
    }
  });

  it("does not correct a wrong section to the entry that has that segment elsewhere", async () => {
    expect(await resolveTo("/ux-patterns/tabs")).toBe("not_found");
    expect(await resolveTo("https://patttterns.com/ux-patterns/tabs")).toBe("not_found");
    expect(await resolveTo("ui-components")).toBe("not_found");
  });

  it("accepts a unique exact title, case and punctuation ignored", async () => {
    expect(await resolveTo("Tabs with Overflow Menu")).toBe("#47");
    expect(await resolveTo("tabs with overflow menu!")).toBe("#47");
    expect(await resolveTo("Tabs with Overflow")).toBe("not_found");
  });
});

describe("resolver: site URLs", () => {
  it("accepts full site URLs, ignoring query and fragment", async () => {
    for (const ref of [
      "https://patttterns.com/ui-components/tabs",
      "https://patttterns.com/ui-components/tabs/",
      "https://patttterns.com/ui-components/tabs?utm_source=cursor&x=1",
      "https://patttterns.com/ui-components/tabs#anatomy",
      "https://patttterns.com/ui-components/tabs/?a=b#c",
      "HTTPS://PATTTTERNS.COM/UI-COMPONENTS/TABS",
      "http://www.patttterns.com/ui-components/tabs",
      "https://patttterns.com:443/ui-components/tabs",
      "patttterns.com/ui-components/tabs",
      "www.patttterns.com/ui-components/tabs?x=1",
      "http://localhost:8888/ui-components/tabs",
      "http://127.0.0.1:8888/ui-components/tabs",
    ]) {
      expect(await resolveTo(ref), ref).toBe("#12");
    }
  });

  it("accepts the configured SITE_URL host, and a bare last segment in a site URL only when unique", async () => {
    const preview = createCatalog(entries, "https://deploy-preview-7--patttterns.netlify.app/");
    expect(to(await preview.resolve("https://deploy-preview-7--patttterns.netlify.app/ui-components/tabs"))).toBe(
      "#12",
    );
    expect(await resolveTo("https://patttterns.com/tabs")).toBe("#12");
    expect(await resolveTo("https://patttterns.com/checkout")).toBe("ambiguous");
  });

  it("refuses paths on other hosts instead of guessing", async () => {
    for (const ref of [
      "https://evil.example/ui-components/tabs",
      "https://patttterns.com.evil.example/ui-components/tabs",
      "https://github.com/tabs",
    ]) {
      expect(await resolveTo(ref), ref).toBe("invalid");
    }
    expect(await resolveTo("evil.example/ui-components/tabs")).toBe("not_found");
  });

  it("refuses URLs it cannot parse", async () => {
    expect(await resolveTo("https://")).toBe("invalid");
    expect(await resolveTo("https://exa mple.com/tabs")).toBe("invalid");
  });
});

describe("resolver: hostile refs never resolve wrongly", () => {
  it("rejects dot segments and backslashes, encoded or not", async () => {
    for (const ref of [
      "../ui-components/tabs",
      "ui-components/../tabs",
      "./tabs",
      "https://patttterns.com/x/../ui-components/tabs",
      "https://patttterns.com/x/%2e%2e/ui-components/tabs",
      "https://patttterns.com/x/%2E%2E/ui-components/tabs",
      "https://patttterns.com/./ui-components/tabs",
      "https://patttterns.com\\ui-components\\tabs",
      "ui-components\\tabs",
    ]) {
      expect(await resolveTo(ref), ref).toBe("invalid");
    }
  });

  it("does not decode %2F into a path separator", async () => {
    for (const ref of [
      "ui-components%2Ftabs",
      "%2Fui-components%2Ftabs",
      "https://patttterns.com/ui-components%2Ftabs",
      "https://patttterns.com/ui-components%2ftabs/",
    ]) {
      expect((await catalog.resolve(ref)).ok, ref).toBe(false);
    }
  });

  it("rejects control characters inside a ref (the URL parser would drop tabs and newlines)", async () => {
    for (const ref of [
      "tabs\u0000",
      "ta\nbs",
      "#1\u00002",
      "https://patttterns.com/ui-com\tponents/tabs",
      "https://patttterns.com/ui-components/tabs\r\nX-Evil: 1",
      "\u001b[31mtabs",
      "tabs\u0085",
    ]) {
      expect(await resolveTo(ref), JSON.stringify(ref)).toBe("invalid");
    }
  });

  it("rejects empty and oversized refs without work", async () => {
    expect(await resolveTo("")).toBe("invalid");
    expect(await resolveTo("   ")).toBe("invalid");
    expect(await resolveTo("x".repeat(10_000))).toBe("invalid");
    expect(await resolveTo(`#${"1".repeat(10_000)}`)).toBe("invalid");
    expect(await resolveTo(`https://patttterns.com/ui-components/tabs?${"a".repeat(10_000)}`)).toBe("invalid");
  });

  it("does not treat look-alikes, zero-width characters or object keys as names", async () => {
    for (const ref of [
      "tаbs" /* Cyrillic а */,
      "ta\u200bbs",
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "#constructor",
      "<script>tabs</script>",
      "tabs' OR '1'='1",
      "*",
      "%",
      "null",
      "undefined",
    ]) {
      expect((await catalog.resolve(ref)).ok, ref).toBe(false);
    }
  });

  it("never throws, and whatever resolves contains the entry's number, id, slug segment or title", async () => {
    let resolved = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.uuid(),
          // Site-shaped refs built from the characters refs are made of, with real slug pieces mixed in.
          fc
            .tuple(
              fc.constantFrom(
                "",
                "#",
                "/",
                "https://patttterns.com/",
                "patttterns.com/",
                "https://evil.example/",
                "notion.so/x/",
              ),
              fc.array(
                fc.oneof(
                  fc.constantFrom(
                    "ui-components",
                    "tabs",
                    "onboarding",
                    "12",
                    "..",
                    ".",
                    "%2f",
                    "%2e",
                    "?",
                    "#",
                    "\\",
                    "-",
                    "0",
                  ),
                  fc.string({ maxLength: 4 }),
                ),
                { maxLength: 5 },
              ),
            )
            .map(([head, parts]) => head + parts.join("/")),
        ),
        async (ref) => {
          const r = await catalog.resolve(ref);
          if (!r.ok) return;
          resolved++;
          const e = r.entry;
          const lower = ref.toLowerCase();
          const named =
            lower.replace(/[^0-9]/g, "").replace(/^0+/, "") === String(e.catalogNumber) ||
            lower.replace(/-/g, "").includes(e.id.replace(/-/g, "")) ||
            lower.includes(lastSegment(e)) ||
            lower.replace(/[^a-z0-9]+/g, " ").trim() ===
              e.title
                .toLowerCase()
                .replace(/[^a-z0-9]+/g, " ")
                .trim();
          expect(named, `${JSON.stringify(ref)} → #${e.catalogNumber}`).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
    // The half about what resolves must have something to check.
    expect(resolved).toBeGreaterThan(0);
  });
});

describe("resolver: every entry by every form", () => {
  it("resolves each of the catalog's entries by number, UUID, slug, URL and (when unique) last segment", async () => {
    const counts = new Map<string, number>();
    for (const e of entries) counts.set(lastSegment(e), (counts.get(lastSegment(e)) ?? 0) + 1);
    for (const e of entries) {
      const expected = `#${e.catalogNumber}`;
      const refs = [
        `#${e.catalogNumber}`,
        String(e.catalogNumber),
        ` #0${e.catalogNumber} `,
        e.id,
        e.id.toUpperCase(),
        e.id.replace(/-/g, ""),
        e.slug,
        e.slug.slice(1),
        `${e.slug}/`,
        `https://patttterns.com${e.slug}?q=1#x`,
        catalog.url(e),
      ];
      if (counts.get(lastSegment(e)) === 1) refs.push(lastSegment(e));
      for (const ref of refs) expect(await resolveTo(ref), ref).toBe(expected);
    }
  });
});

describe("resolver over a small catalog", () => {
  it("reports ambiguous exact titles with candidates, and prefers an exact slug over a title", async () => {
    const es = [
      entry(2, "Cards", { slug: "/ui-components/cards" }),
      entry(1, "Cards", { slug: "/ux-patterns/card-sorting" }),
      entry(3, "Card Sorting", { slug: "/ux-patterns/sorting" }),
    ];
    const small = createCatalog(es, "https://patttterns.com");
    const r = await small.resolve("cards!");
    expect(r.ok).toBe(false);
    expect(candidatesOf(r).map((c) => c.catalog_number)).toEqual(["#1", "#2"]);
    // "cards" is a unique last segment, so it resolves before any title lookup.
    expect(to(await small.resolve("cards"))).toBe("#2");
  });
});
