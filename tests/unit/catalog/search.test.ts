import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { normalize } from "../../../src/catalog/normalize.ts";
import { WEIGHTS } from "../../../src/catalog/search.ts";
import type { Entry } from "../../../src/catalog/schema.ts";
import { parseCatalog } from "../../../scripts/build/catalog/parse.ts";
import { createCatalog } from "../../helpers/memory-catalog.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { entry, entryIndex, numbers } from "../../helpers/entries.ts";

const raw: Entry[] = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
const catalog = createCatalog(raw, "https://patttterns.com");
const search = (es: Entry[], q: string, opts?: Parameters<ReturnType<typeof entryIndex>["search"]>[1]) =>
  numbers(entryIndex(es).search(q, opts));

describe("matching: every word, whole, over title, description, tags, type and slug", () => {
  const es = [
    entry(1, "Drag and Drop", { description: "Move items by dragging.", tags: ["input", "gestures"] }),
    entry(2, "Kanban Board", { description: "Columns of cards.", tags: ["drag-and-drop", "productivity"] }),
    entry(3, "Sortable List", {
      description: "Reorder rows by drag.",
      tags: ["lists"],
      type: "components",
      slug: "/ui-components/sortable-list",
    }),
    entry(4, "Checkout", { type: "flows", slug: "/user-flows/checkout", tags: ["e-commerce"] }),
  ];

  it("matches a word in any one field", () => {
    expect(search(es, "items")).toEqual([1]); // description
    expect(search(es, "productivity")).toEqual([2]); // tag
    expect(search(es, "flows")).toEqual([4]); // type
    expect(search(es, "user")).toEqual([4]); // slug section
    expect(search(es, "sortable")).toEqual([3]); // title and slug
  });

  it("requires every token, each from any field", () => {
    expect(search(es, "kanban productivity")).toEqual([2]); // title + tag
    expect(search(es, "kanban gestures")).toEqual([]);
    expect(search(es, "board columns cards")).toEqual([2]);
  });

  it("lets tags alone carry a match, hyphenated tags included", () => {
    expect(search(es, "drag and drop")).toContain(2);
    expect(search(es, "commerce")).toEqual([4]);
  });

  it("matches whole words by stem, not inside longer words as the site's topbar does", () => {
    expect(search(es, "drag")).toEqual([1, 2, 3]);
    // "dragging" and "drag" share a stem: each finds the other.
    expect(search(es, "dragging")).toEqual([1, 2, 3]);
    expect(search(es, "cards column")).toEqual([2]);
    // "sort" is only inside "sortable", "fab" only inside "fabricated", "age" only inside "agent".
    expect(search(es, "sort")).toEqual([]);
    expect(search(es, "sortable")).toEqual([3]);
    const inside = [
      entry(1, "Social Proof", { description: "Fabricated numbers destroy trust." }),
      entry(2, "Approval Gate", { description: "Pausing an AI agent before an action." }),
      entry(3, "Floating Action Button", { description: "A FAB floats above content." }),
      entry(4, "Age Verification", { description: "Confirming a user meets an age requirement." }),
    ];
    expect(search(inside, "FAB")).toEqual([3]);
    expect(search(inside, "age gate")).toEqual([]);
    expect(search(inside, "age")).toEqual([4]);
  });

  it("reads two words the catalog writes as one: drop down is dropdown", () => {
    const menus = [
      entry(1, "Dropdown Menu", { description: "A button that opens a list." }),
      entry(2, "Drop Zone", { description: "Drop files down here." }),
    ];
    expect(search(menus, "drop down menu")).toEqual([1]);
    // Either reading, each pattern at its better score: the title starting with "dropdown" (50)
    // before the description holding both words (20) and a title holding one of two (12).
    expect(search(menus, "drop down")).toEqual([1, 2]);
  });

  it("finds nothing for function words alone, and everything for no words", () => {
    const some = [entry(1, "Tabs", { description: "A row of tabs." }), entry(2, "Modal", { description: "A dialog." })];
    expect(search(some, "a")).toEqual([]);
    expect(search(some, "to the")).toEqual([]);
    expect(search(some, "")).toEqual([1, 2]);
    // With a word that says something, function words are words like any other.
    expect(search(some, "a dialog")).toEqual([2]);
  });

  it("normalizes the query the same way as the catalog", () => {
    expect(search(es, "DRAG & DROP")).toEqual(search(es, "drag and drop"));
    expect(search(es, "  drag---drop!! ")).toEqual(search(es, "drag drop"));
  });

  it("returns nothing when one token matches nowhere", () => {
    expect(search(es, "drag zebra")).toEqual([]);
  });
});

describe("ranking with the site's weights", () => {
  it("uses the weights docs/catalog.md gives", () => {
    expect(WEIGHTS).toEqual({
      exactTitle: 100,
      titlePrefix: 50,
      titleContains: 25,
      tagExact: 30,
      tagContains: 15,
      description: 10,
    });
  });

  it("puts an exact title first even when another entry scores more", () => {
    // #1: prefix 50 + two exact tags 60 + two description hits 20 = 130 > #2's exact title 100.
    const es = [
      entry(1, "Drag Drop Builder", { tags: ["drag", "drop"], description: "drag drop" }),
      entry(2, "Drag Drop"),
    ];
    expect(search(es, "drag drop")).toEqual([2, 1]);
  });

  it("ranks title prefix (50) over title contains (25)", () => {
    expect(search([entry(1, "Top Tabs"), entry(2, "Tabs Bar")], "tabs")).toEqual([2, 1]);
  });

  it("ranks an exact tag (30) over a title that contains the word (25)", () => {
    expect(search([entry(1, "Top Tabs"), entry(2, "Panel Switcher", { tags: ["tabs"] })], "tabs")).toEqual([2, 1]);
  });

  it("adds description (10) to title contains (25): 35 beats an exact tag (30)", () => {
    expect(
      search(
        [entry(1, "Panel Switcher", { tags: ["tabs"] }), entry(2, "Top Tabs", { description: "tabs on top" })],
        "tabs",
      ),
    ).toEqual([2, 1]);
  });

  it("ranks an exact tag (30) over a tag that contains the word (15)", () => {
    expect(search([entry(1, "A", { tags: ["tabs-bar"] }), entry(2, "B", { tags: ["tabs"] })], "tabs")).toEqual([2, 1]);
    // By stem: the tag "tabs" equals the word "tab".
    expect(search([entry(1, "A", { tags: ["tab-bar"] }), entry(2, "B", { tags: ["tabs"] })], "tab")).toEqual([2, 1]);
  });

  it("ranks a tag that contains the word (15) over a description hit (10), and that over slug or type only (0)", () => {
    const es = [
      entry(1, "A", { slug: "/ux-patterns/tabs-a" }),
      entry(2, "B", { description: "uses tabs" }),
      entry(3, "C", { tags: ["tabs-bar"] }),
    ];
    expect(search(es, "tabs")).toEqual([3, 2, 1]);
  });

  it("scores each token: two exact tags (60) beat a title prefix (50), a prefix plus a tag (80) beats them", () => {
    expect(search([entry(1, "Card Grid Kit"), entry(2, "Gallery", { tags: ["card", "grid"] })], "card grid")).toEqual([
      2, 1,
    ]);
    expect(
      search(
        [entry(1, "Card Grid Kit", { tags: ["grid"] }), entry(2, "Gallery", { tags: ["card", "grid"] })],
        "card grid",
      ),
    ).toEqual([1, 2]);
  });

  it("breaks equal scores by catalog number, whatever the input order", () => {
    // tag contains 15 + description 10 = 25 = title contains 25.
    const a = entry(7, "Top Tabs");
    const b = entry(3, "Panel", { tags: ["tabs-bar"], description: "tabs" });
    expect(search([a, b], "tabs")).toEqual([3, 7]);
    expect(search([b, a], "tabs")).toEqual([3, 7]);
    const c = entry(9, "Panel", { tags: ["tabs-bar"], description: "tabs" });
    expect(search([c, a], "tabs")).toEqual([7, 9]);
    const same = [
      entry(30, "X", { description: "tabs" }),
      entry(10, "Y", { description: "tabs" }),
      entry(20, "Z", { description: "tabs" }),
    ];
    expect(search(same, "tabs")).toEqual([10, 20, 30]);
    expect(search([...same].reverse(), "tabs")).toEqual([10, 20, 30]);
  });

  it("compares the whole query with the title, repeated words included", () => {
    const es = [entry(1, "Step by Step Builder", { tags: ["step"] }), entry(2, "Step by Step")];
    expect(search(es, "step by step")).toEqual([2, 1]);
    expect(search(es, "Step-by-Step")).toEqual([2, 1]);
  });

  it("reads an exact title by stem: 'date pickers' is Date Picker", () => {
    // #1: two exact tags 60 + a title holding every word 25 = 85; #2 equals the query by stem.
    const es = [entry(1, "Date Range Picker", { tags: ["date", "picker"] }), entry(2, "Date Picker")];
    expect(search(es, "date pickers")).toEqual([2, 1]);
  });

  it("ranks a title holding every word, in any order or by a derivation, as one containing the query (25)", () => {
    // #1 holds both words in a tag and the description (50); #2's title holds "skeleton" and, as
    // "loader", "loading" (its tag 30 + 25).
    const es = [
      entry(1, "Spinner", { description: "Use a skeleton instead of loading spinners.", tags: ["loading"] }),
      entry(2, "Skeleton Loader", { description: "Grey shapes that mimic the layout.", tags: ["loading"] }),
    ];
    expect(search(es, "skeleton loading")).toEqual([2, 1]);
    expect(search(es, "loading skeleton")).toEqual([2, 1]);
  });

  it("gives a title holding some of the words its share of 25", () => {
    // #1: exact tag 30 + two description words 20 = 50; #2: exact tag 30 + description 10 + half of 25 (12) = 52.
    const es = [
      entry(1, "Onboarding Checklist", { description: "Tasks with a progress ring.", tags: ["progress"] }),
      entry(2, "Circular Progress", { description: "A ring that fills.", tags: ["progress"] }),
    ];
    expect(search(es, "progress ring")).toEqual([2, 1]);
  });
});

describe("filters", () => {
  const es = [
    entry(1, "Tabs", {
      type: "components",
      slug: "/ui-components/tabs",
      tags: ["navigation"],
      uiCategories: ["Navigation"],
      hasGeneratedComponent: true,
    }),
    entry(2, "Bottom Tabs", { slug: "/mobile-patterns/bottom-tabs", tags: ["mobile", "data-display"] }),
    entry(3, "Checkout", {
      type: "flows",
      slug: "/user-flows/checkout",
      tags: ["e-commerce"],
      uiCategories: ["Forms"],
    }),
  ];

  it("filters by type, slug section, tag (hyphens as written or normalized) and UI category", () => {
    expect(search(es, "", { category: "components" })).toEqual([1]);
    expect(search(es, "", { category: "mobile-patterns" })).toEqual([2]);
    expect(search(es, "", { category: "data-display" })).toEqual([2]);
    expect(search(es, "", { category: "Data Display" })).toEqual([2]);
    expect(search(es, "", { category: "forms" })).toEqual([3]);
    expect(search(es, "tabs", { category: "navigation" })).toEqual([1]);
    expect(search(es, "", { category: "nothing" })).toEqual([]);
  });

  it("applies a predicate filter after matching", () => {
    expect(search(es, "tabs", { filter: (e) => e.hasGeneratedComponent })).toEqual([1]);
  });

  it("lists a category in catalog order", () => {
    const idx = entryIndex([es[2], es[0], es[1]]);
    expect(numbers(idx.inCategory("pattern"))).toEqual([2]);
    expect(numbers(idx.inCategory("ux-patterns"))).toEqual([]);
    expect(numbers(entryIndex([entry(5, "B"), entry(4, "A")]).inCategory("ux-patterns"))).toEqual([4, 5]);
  });
});

describe("ranking over the real catalog", () => {
  const titles = async (q: string) => (await catalog.search(q)).hits.map((e) => e.title);

  it("puts Tabs before Tabs with Overflow Menu, in any case", async () => {
    for (const q of ["Tabs", "tabs", "  TABS "]) {
      const t = await titles(q);
      expect(t[0]).toBe("Tabs");
      expect(t.indexOf("Tabs with Overflow Menu")).toBeGreaterThan(0);
    }
  });

  it("puts every exact title first", async () => {
    for (const e of parseCatalog(raw))
      expect((await catalog.search(e.title, { limit: 1 })).hits[0].title, e.title).toBe(e.title);
  });

  it("finds patterns by six title phrases, exact hits first, each holding every token", async () => {
    for (const q of [
      "drag and drop",
      "onboarding checklist",
      "empty state",
      "date picker",
      "voice",
      "checkout payment",
    ]) {
      const { hits, total } = await catalog.search(q);
      expect(total, q).toBe(hits.length);
      expect(hits.length, q).toBeGreaterThan(0);
      const exact = entryIndex(raw).search(q);
      expect(
        hits.slice(0, exact.length).map((e) => e.id),
        q,
      ).toEqual(exact.map((e) => e.id));
      for (const h of exact) {
        const text = normalize([h.title, h.description, h.tags.join(" "), h.type, h.slug].join(" "));
        for (const t of normalize(q).split(" ")) expect(text, `${q} → ${h.title}`).toContain(t);
      }
    }
  });

  it("is deterministic, and a limit returns the first hits of the same ranking with the same total", async () => {
    // Exact hits only, then queries whose pages mix in or are made of ranked hits (some words, a typo).
    for (const [q, ranked] of [
      ["navigation", false],
      ["mobile menu", true],
      ["swipe gestures on phones", true],
      ["notifcation for new messages", true],
    ] as const) {
      const all = await catalog.search(q);
      expect(all.total, q).toBeGreaterThan(3);
      expect(
        all.match.some((m) => m !== "all_words"),
        q,
      ).toBe(ranked);
      expect(numbers((await catalog.search(q)).hits), q).toEqual(numbers(all.hits));
      for (const limit of [1, 3, all.total - 1]) {
        const page = await catalog.search(q, { limit });
        expect(numbers(page.hits), `${q} limit ${limit}`).toEqual(numbers(all.hits.slice(0, limit)));
        expect(page.match, `${q} limit ${limit}`).toEqual(all.match.slice(0, limit));
        expect(page.total, q).toBe(all.total);
      }
    }
  });
});
