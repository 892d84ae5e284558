/**
 * The ranked tier (src/catalog/rank.ts) behind the exact one: stems, synonyms, spelling, split and
 * joined words, restraint, and how each hit says it matched. Small catalogs show each rule alone;
 * the real catalog with the repository's thesaurus shows them together.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { Entry } from "../../../src/catalog/schema.ts";
import { createCatalog } from "../../helpers/memory-catalog.ts";
import { parseTechnicalTerms } from "../../../scripts/build/catalog/technical.ts";
import { parseThesaurus } from "../../../scripts/build/catalog/thesaurus.ts";
import { editDistance, maxEdits } from "../../../src/catalog/typos.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { entry, entryIndex } from "../../helpers/entries.ts";
import { absent, synonyms, technical } from "../../helpers/app.ts";

const raw: Entry[] = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
const catalog = createCatalog(raw, "https://patttterns.com", { synonyms, technical, absent });
const found = async (q: string) => {
  const r = await catalog.search(q, { limit: 10 });
  return r.hits.map((e, i) => ({ title: e.title, match: r.match[i] }));
};

const small = [
  entry(1, "Notification Center", { description: "A panel listing every notification.", tags: ["notifications"] }),
  entry(2, "Snackbar", { description: "A brief message at the bottom of the screen.", tags: ["feedback"] }),
  entry(3, "Accordion", { description: "Stacked headers that expand to reveal content.", tags: ["disclosure"] }),
  entry(4, "Date Picker", { description: "A calendar for choosing a date.", tags: ["forms"] }),
  entry(5, "Dropdown Menu", { description: "A button that opens a list of actions.", tags: ["overlay"] }),
  entry(6, "Data Table", { description: "Rows and columns of records, sortable.", tags: ["data"] }),
];
const titles = (hits: { entry: Entry }[]) => hits.map((h) => h.entry.title);

describe("the ranked tier, one rule at a time", () => {
  const ix = entryIndex(small, {
    synonyms: parseThesaurus("toast, snackbar\npopup, pop up => modal, dialog, dropdown menu"),
  });

  // Two names for one thing, and a one-way rule, each with a pattern on both sides.
  const pairs = entryIndex(
    [
      entry(1, "Toast", { description: "A brief message that fades.", tags: ["feedback"] }),
      entry(2, "Snackbar", { description: "A bar of text at the bottom.", tags: ["feedback"] }),
      entry(3, "Popup", { description: "Anything that appears over the page.", tags: ["overlay"] }),
      entry(4, "Modal", { description: "Blocks the page until answered.", tags: ["overlay"] }),
    ],
    { synonyms: parseThesaurus("toast, snackbar\npopup => modal") },
  );

  it("keeps the exact tier first and in its order, then adds what only the ranked tier finds", () => {
    const exact = titles(ix.search("menu").map((entry) => ({ entry })));
    const both = ix.ranked("menu");
    expect(titles(both).slice(0, exact.length)).toEqual(exact);
    expect(both.slice(0, exact.length).every((h) => h.match === "all_words")).toBe(true);
    // "toast": the exact tier finds Toast, the ranked tier adds Snackbar after it.
    expect(titles(pairs.search("toast").map((entry) => ({ entry })))).toEqual(["Toast"]);
    expect(pairs.ranked("toast").map((h) => [h.entry.title, h.match])).toEqual([
      ["Toast", "all_words"],
      ["Snackbar", "synonym"],
    ]);
  });

  it("stems: plural and verb forms find the catalog's word, already in the exact tier, and say all_words", () => {
    expect(ix.search("notifications centers")).toEqual([small[0]]);
    expect(ix.ranked("notifications centers")).toEqual([{ entry: small[0], match: "all_words" }]);
    expect(titles(ix.ranked("choosing dates"))).toEqual(["Date Picker"]);
    // A derivation the stem does not conflate is the ranked tier's: "sort" and "sortable".
    expect(ix.search("sorted table")).toEqual([]);
    expect(ix.ranked("sort table")).toEqual([{ entry: small[5], match: "all_words" }]);
  });

  it("synonyms: an equivalence group searches both ways, a one-way rule one way, and say synonym", () => {
    expect(ix.ranked("toast")).toEqual([{ entry: small[1], match: "synonym" }]);
    expect(ix.ranked("popup")).toEqual([{ entry: small[4], match: "synonym" }]);
    expect(ix.ranked("dropdown menu").map((h) => h.entry.title)).toEqual(["Dropdown Menu"]);
    // Both ways for the group, one way for the rule.
    expect(titles(pairs.ranked("snackbar"))).toEqual(["Snackbar", "Toast"]);
    expect(titles(pairs.ranked("popup"))).toEqual(["Popup", "Modal"]);
    expect(titles(pairs.ranked("modal"))).toEqual(["Modal"]);
  });

  it("typos: one edit up to 6 letters, two from 7, none below 4, and say corrected", () => {
    expect(ix.ranked("accordian")).toEqual([{ entry: small[2], match: "corrected" }]);
    expect(ix.ranked("acordian")).toEqual([{ entry: small[2], match: "corrected" }]); // 8 letters, two edits
    expect(ix.ranked("acordin")).toEqual([{ entry: small[2], match: "corrected" }]); // 7 letters, two edits
    expect(ix.ranked("snakbr")).toEqual([]); // 6 letters, two edits: out of reach
    expect(titles(ix.ranked("dropdwon"))).toEqual(["Dropdown Menu"]); // a transposition is one edit
    expect(ix.ranked("snakbar")).toEqual([{ entry: small[1], match: "corrected" }]);
    expect(ix.ranked("dta")).toEqual([]); // three letters: not corrected
    expect(ix.ranked("accxrdxan")).toEqual([]); // three edits: out of reach
  });

  it("split and joined words: datepicker is date picker, drop down is dropdown", () => {
    expect(titles(ix.ranked("datepicker"))).toEqual(["Date Picker"]);
    expect(titles(ix.ranked("drop down"))).toEqual(["Dropdown Menu"]);
  });

  it("restraint: words the catalog does not hold outweigh a common one, and nothing is returned unless a title is said whole", () => {
    expect(ix.ranked("banana cake data")).toEqual([]);
    expect(ix.ranked("zxqv plmkj")).toEqual([]);
    // Unless it says a title whole: then that pattern, and only it.
    expect(titles(ix.ranked("zxqv date picker plmkj qwfp"))).toEqual(["Date Picker"]);
    expect(ix.ranked("zxqv picker date plmkj qwfp")).toEqual([]);
  });

  it("a thesaurus pair joined by function words reads reversed: a drawer from the bottom is a bottom drawer", () => {
    const sheets = entryIndex(
      [
        entry(1, "Half Sheet", { description: "A panel rising over the content.", tags: ["overlay"] }),
        entry(2, "Side Drawer", { description: "A panel sliding in from the side.", tags: ["overlay"] }),
        entry(3, "Bottom Tab Bar", { description: "Tabs along the lower edge.", tags: ["navigation"] }),
      ],
      { synonyms: parseThesaurus("bottom drawer => half sheet") },
    );
    expect(titles(sheets.ranked("drawer from the bottom"))[0]).toBe("Half Sheet");
  });

  it("thesaurus phrases read over corrected and split words, and phrases of function words and numbers", () => {
    const phrased = entryIndex(
      [
        entry(1, "Document Capture", { description: "Photograph paper with edge detection.", tags: ["camera"] }),
        entry(2, "Theme Switching", { description: "Choose the appearance.", tags: ["settings"] }),
        entry(3, "Age Verification", { description: "Confirm a minimum age.", tags: ["legal"] }),
        entry(4, "Barcode Scanner", { description: "Read codes with the camera.", tags: ["camera"] }),
        entry(5, "Toggle Switch", { description: "An on and off control in dark or light styles.", tags: ["forms"] }),
        entry(6, "Mode Picker", { description: "Pick a mode.", tags: ["forms"] }),
        entry(7, "Haptic Feedback", { description: "A tap felt on iOS devices.", tags: ["mobile"] }),
      ],
      {
        synonyms: parseThesaurus(
          "receipt scanner => document capture\ndark mode => theme\nare you over 18 => age verification\n" +
            "google docs => document\nios toggle => toggle switch",
        ),
      },
    );
    // "reciept" is one swap from "receipt": the phrase "receipt scanner" then reads as it would typed.
    expect(phrased.ranked("reciept scanner")[0]).toEqual({
      entry: expect.objectContaining({ title: "Document Capture" }),
      match: "corrected",
    });
    // "toogle" is one edit from "toggle" and from "google": the phrases are read over each.
    expect(titles(phrased.ranked("ios toogle"))[0]).toBe("Toggle Switch");
    // "darkmode" splits where the thesaurus holds "dark mode", and reads as that phrase.
    expect(titles(phrased.ranked("darkmode"))[0]).toBe("Theme Switching");
    // Function words and a number, and nothing else: the phrase alone is the concept.
    expect(titles(phrased.ranked("are you over 18"))).toEqual(["Age Verification"]);
  });

  it("a product named for comparison is not what is asked for: 'acme style toggle', 'toggle like acme'", () => {
    const toggle = entry(1, "Toggle Switch", { description: "An on and off control.", tags: ["forms"] });
    const styled = entryIndex([
      toggle,
      entry(2, "Style Presets", { description: "Named looks for generated images.", tags: ["ai"] }),
      entry(3, "Card", { description: "A box of related content.", tags: ["layout"] }),
    ]);
    expect(titles(styled.ranked("acme style toggle"))).toEqual(["Toggle Switch"]);
    expect(titles(styled.ranked("toggle switch like in acme corp"))).toEqual(["Toggle Switch"]);
    // After "from", only a word no pattern uses: a source, not a direction.
    expect(titles(styled.ranked("on off control from acmecorp"))).toEqual(["Toggle Switch"]);
    // A word of a title is what is asked for, style or not.
    expect(titles(styled.ranked("card style toggle"))).toContain("Card");
  });

  it("re- words: one the catalog does not use reads as its base; one it uses stays itself", () => {
    const sync = entry(1, "Sync Status", { description: "Whether changes are synced.", tags: ["feedback"] });
    const again = entryIndex([
      sync,
      entry(2, "Trash and Restore", { description: "Deleted items wait to be restored.", tags: ["data"] }),
      entry(3, "Store Locator", { description: "Find a shop near you.", tags: ["commerce"] }),
    ]);
    // "resync" is two edits from "sync": no spelling correction reaches it, the prefix does.
    expect(again.ranked("resync")).toEqual([{ entry: sync, match: "corrected" }]);
    // "restore" is the catalog's own word: not read as "store".
    expect(titles(again.ranked("restore"))).toEqual(["Trash and Restore"]);
  });

  it("restraint: beside a word the catalog cannot read, one word of the rest is not enough", () => {
    const chem = entryIndex([
      entry(1, "Emoji Reactions", { description: "Quick responses to a message.", tags: ["social"] }),
      entry(2, "Theme Switching", { description: "Light and dark appearance.", tags: ["settings"] }),
      entry(3, "Comments", { description: "Replies under a post.", tags: ["social"] }),
      entry(4, "Toast", { description: "A brief message that fades.", tags: ["feedback"] }),
    ]);
    // "reactions" names a title, but "light" goes unexplained and "photosynthesis" is unreadable.
    expect(chem.ranked("photosynthesis light reactions")).toEqual([]);
    // Two of its words still find it.
    expect(titles(chem.ranked("photosynthesis quick reactions"))).toEqual(["Emoji Reactions"]);
  });

  it("restraint: a technical term names another subject, even in words the catalog uses", () => {
    const es = [
      entry(1, "Gantt Chart", {
        description: "Bars on a time axis: tasks and their dependencies.",
        tags: ["scheduling"],
      }),
      entry(2, "Trial Expiry", {
        description: "When a trial ends: a read-only state, not a locked door.",
        tags: ["billing"],
      }),
      entry(3, "Version History", { description: "Earlier versions of a document, to restore.", tags: ["history"] }),
      entry(4, "Help Center", { description: "Articles that answer questions.", tags: ["support"] }),
      entry(5, "Sortable List", { description: "Items linked in a list, reordered by drag.", tags: ["lists"] }),
    ];
    const plain = entryIndex(es);
    const read = entryIndex(es, {
      technical: parseTechnicalTerms("helm\nhelm chart\nterraform\nterraform state\nlinked list\nkubernetes"),
    });
    // Without the terms, one shared ordinary word finds a pattern, and "helm" is "help" misspelt.
    expect(titles(plain.ranked("helm chart dependencies"))).toEqual(["Gantt Chart"]);
    expect(titles(plain.ranked("terraform state locking"))).toEqual(["Trial Expiry"]);
    expect(titles(plain.ranked("helm"))).toEqual(["Help Center"]);
    expect(plain.search("linked list").map((e) => e.title)).toEqual(["Sortable List"]);
    // With them: nothing, in either tier.
    for (const q of ["helm chart dependencies", "terraform state locking", "helm", "linked list", "linked lists"]) {
      expect(read.ranked(q), q).toEqual([]);
    }
    // A pattern the rest of the query asks for is still found; "link list" is not the term.
    expect(titles(read.ranked("version history of terraform plans"))).toEqual(["Version History"]);
    expect(read.search("link list").map((e) => e.title)).toEqual(["Sortable List"]);
    // Two terms say the query is about them, however many of the catalog's words surround them; a
    // title said whole is still kept.
    const described = "tasks and their dependencies on a time axis in kubernetes";
    expect(titles(read.ranked(described))).toEqual(["Gantt Chart"]);
    expect(read.ranked(`${described} with terraform`)).toEqual([]);
    expect(titles(read.ranked("gantt chart of kubernetes and terraform jobs"))).toEqual(["Gantt Chart"]);
  });

  it("restraint: a question about how something works, beside a word the catalog cannot read, finds only a title said whole", () => {
    const cache = entryIndex([
      entry(1, "Offline Mode", {
        description: "Keeps a cached response of each page so it opens without a network.",
        tags: ["sync"],
      }),
      entry(2, "Empty State", { description: "What a list shows when it has no rows yet.", tags: ["onboarding"] }),
      entry(3, "Pull to Refresh", { description: "Drag down to load the newest items.", tags: ["mobile"] }),
    ]);
    // "memcached" is a word no pattern uses; the rest are the catalog's words.
    expect(titles(cache.ranked("keep a cached response page in memcached"))).toEqual(["Offline Mode"]);
    expect(cache.ranked("how do i keep a cached response page in memcached")).toEqual([]);
    expect(cache.ranked("what is the difference between a cached page response and memcached")).toEqual([]);
    // Asked of what the catalog reads, a question is a UI request; and a title said whole is kept.
    expect(titles(cache.ranked("how do i show a cached response offline"))).toEqual(["Offline Mode"]);
    expect(titles(cache.ranked("how do i add pull to refresh with memcached"))).toEqual(["Pull to Refresh"]);
    // "explain why" asks for a screen that explains.
    expect(titles(cache.ranked("explain why the list has no rows yet"))).toEqual(["Empty State"]);
  });

  it("says some_words when a hit explains part of the query", () => {
    const hits = ix.ranked("sortable table columns export");
    expect(titles(hits)).toEqual(["Data Table"]);
    expect(hits[0].match).toBe("some_words");
  });

  it("filters by category and code after ranking: a filtered search is the full one, filtered", () => {
    const all = titles(ix.ranked("popup menu"));
    const odd = titles(ix.ranked("popup menu", { filter: (e) => e.catalogNumber % 2 === 1 }));
    expect(odd).toEqual(all.filter((t) => small.find((e) => e.title === t)!.catalogNumber % 2 === 1));
    const overlay = titles(pairs.ranked("popup", { category: "overlay" }));
    expect(overlay).toEqual(titles(pairs.ranked("popup")));
    expect(titles(pairs.ranked("popup", { category: "feedback" }))).toEqual([]);
    expect(titles(pairs.ranked("toast", { category: "feedback" }))).toEqual(["Toast", "Snackbar"]);
  });
});

describe("bounded edit distance", () => {
  it("counts insertions, deletions, substitutions and adjacent transpositions, and stops past the bound", () => {
    expect(editDistance("tooltp", "tooltip", 1)).toBe(1);
    expect(editDistance("dropdwon", "dropdown", 2)).toBe(1);
    expect(editDistance("breadcrum", "breadcrumb", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 5)).toBe(3);
    expect(editDistance("kitten", "sitting", 2)).toBe(3); // max + 1: out of reach
    expect(editDistance("same", "same", 0)).toBe(0);
    expect([3, 4, 6, 7, 8, 20].map(maxEdits)).toEqual([0, 1, 1, 2, 2, 2]);
  });
});

describe("over the real catalog and thesaurus", () => {
  it("finds a pattern described, misspelled, abbreviated or named by a library", async () => {
    const cases: [string, string, string][] = [
      ["notification centers", "Notification Center", "all_words"],
      ["accordian", "Accordion", "corrected"],
      ["tooltp", "Tooltip", "corrected"],
      ["snackbar message", "Snackbar", "all_words"],
      ["popup to confirm", "Confirmation Dialog", "synonym"],
      // A library's name, joined or not, is context; the misspelt word beside it is corrected.
      ["headlessui disclousre", "Accordion", "corrected"],
    ];
    for (const [q, title, match] of cases) {
      const hits = await found(q);
      const at = hits.findIndex((h) => h.title === title);
      expect(at, `${q} → ${title} in ${JSON.stringify(hits.slice(0, 5))}`).toBeGreaterThanOrEqual(0);
      expect(at, `${q} → ${title}`).toBeLessThan(3);
      expect(hits[at].match, q).toBe(match);
    }
  });

  it("corrects a typo beside a word only the thesaurus knows: UI vocabulary is no sign of another subject", async () => {
    // "hero" is in the thesaurus ("hero carousel") but in no pattern; "carousle" is corrected all the same.
    const hits = await found("carousle for hero images");
    expect(hits.slice(0, 3).map((h) => h.title)).toContain("Carousel");
  });

  it("puts a one-word title first when the query says nothing else but a library's name", async () => {
    expect((await found("shadcn tabs"))[0]?.title).toBe("Tabs");
  });

  it("returns nothing for questions about nothing in the catalog", async () => {
    // "puppy" is one edit from "uppy" (a file uploader the thesaurus names): short words only the
    // thesaurus holds are not spelling targets.
    const questions = ["recipe for banana cake", "zxqv plmkj", "volcano eruption history", "compile rust for arm"];
    for (const q of [...questions, "how to house train a puppy"]) {
      expect(await found(q), q).toEqual([]);
    }
  });

  it("returns nothing for technical questions, even built on words the catalog uses", async () => {
    for (const q of [
      "terraform state locking",
      "helm chart dependencies",
      "S3 presigned upload URL expiration",
      "How should I choose a shard key for a MongoDB orders collection?",
      "How do I invalidate a cached API response when the underlying database row changes?",
      "Explain how to implement a token bucket rate limiter in Go",
      "linked list reversal",
      "binary search on rotated array",
    ]) {
      expect(await found(q), q).toEqual([]);
    }
  });

  it("still answers UI asked for beside a technology", async () => {
    for (const [q, title] of [
      ["kafka consumer lag metric card", "KPI Card"],
      ["warn before the jwt session expires", "Session Timeout Warning"],
      ["show the nginx config in a code block with copy", "Code Block"],
      ["docker image build progress bar", "Progress Bar"],
    ]) {
      expect((await found(q))[0]?.title, q).toBe(title);
    }
  });

  it("property: adding a pattern never removes or reorders the exact hits, which stay first", () => {
    const base = raw.slice(0, 60);
    const words = [...new Set(base.flatMap((e) => e.title.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 2))];
    const query = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));
    const extra = fc.record({
      title: fc.array(fc.constantFrom(...words, "zebra", "quartz"), { minLength: 1, maxLength: 4 }),
      tags: fc.array(fc.constantFrom(...words), { maxLength: 3 }),
    });
    // Built once: every case searches the same base catalog, so only the index with the added pattern is new.
    const before = entryIndex(base, { synonyms });
    fc.assert(
      fc.property(query, extra, (q, x) => {
        const after = entryIndex(
          [...base, entry(9999, x.title.join(" "), { tags: x.tags, description: x.title.join(" ") })],
          { synonyms },
        );
        const exact = before.search(q).map((e) => e.id);
        const kept = after
          .ranked(q)
          .map((h) => h.entry.id)
          .filter((id) => exact.includes(id));
        expect(kept).toEqual(exact);
        const leading = after
          .ranked(q)
          .slice(0, after.search(q).length)
          .map((h) => h.entry.id);
        expect(leading.filter((id) => exact.includes(id))).toEqual(exact);
      }),
      { numRuns: 150 },
    );
  });
});
