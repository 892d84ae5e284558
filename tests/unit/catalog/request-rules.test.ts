/**
 * The rules that decide when a request is read as asking for an interface and when a weak hit is
 * shown (src/catalog/interface.ts, rank.ts): each fails without its rule.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import type { Entry } from "../../../src/catalog/schema.ts";
import { parseAbsentInterfaces, parseTechnicalTerms } from "../../../scripts/build/catalog/technical.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { createCatalog } from "../../helpers/memory-catalog.ts";
import { entry, entryIndex } from "../../helpers/entries.ts";
import { absent, synonyms, technical } from "../../helpers/app.ts";

const raw: Entry[] = JSON.parse(readFileSync(`${ROOT}/search_index.json`, "utf8"));
const catalog = createCatalog(raw, "https://patttterns.com", { synonyms, technical, absent });
/** The titles of `c`'s first five hits for `q` (the shipped catalog unless given). */
const found = async (q: string, c = catalog) => (await c.search(q, { limit: 5 })).hits.map((e) => e.title);
const titles = (hits: { entry: Entry }[]) => hits.map((h) => h.entry.title);

describe("the stack is context, not the subject", () => {
  const queue = [
    entry(1, "Agent Task Queue", {
      description: "A feed of background agent jobs, each with pause and cancel buttons.",
      tags: ["agents"],
    }),
    entry(2, "Empty State", { description: "What a list shows when it has no rows yet.", tags: ["onboarding"] }),
  ];
  const ix = entryIndex(queue, { technical: parseTechnicalTerms("kafka\npostgres\nhash table") });

  it("reads a request for an interface as one, however many technologies it names", () => {
    expect(titles(ix.ranked("kafka and postgres backed feed of agent jobs with pause and cancel buttons"))).toEqual([
      "Agent Task Queue",
    ]);
  });

  it("keeps a technical question's restraint: one interface word alone is the technology's own", () => {
    expect(ix.ranked("kafka and postgres backed agent jobs that pause")).toEqual([]);
    expect(ix.ranked("kafka and postgres table of agent jobs")).toEqual([]);
    // A question about how something works is never a UI request.
    expect(ix.ranked("show me how to list kafka and postgres agent jobs in a feed")).toEqual([]);
  });

  it("finds the catalog's pattern for a stack-naming request", async () => {
    expect((await found("Kafka and Postgres backed feed of agent jobs with pause and cancel buttons"))[0]).toBe(
      "Agent Task Queue",
    );
    expect(await found("Set up PgBouncer connection pooling in transaction mode for Django")).toEqual([]);
  });
});

describe("whole requests read how a pattern behaves", () => {
  // Two patterns say "toggle" and "original"; one says, of how it behaves, the request's "language".
  const es = [
    entry(1, "Inline Translation", {
      description: "Text shown in place, with a toggle to see the original.",
      tags: ["content"],
      interactionRules: ["Remember the reader's language"],
      uxFlows: ["Messaging"],
    }),
    entry(2, "Before and After", {
      description: "A toggle between the original photo and the edited one.",
      tags: ["media"],
    }),
    entry(3, "Language Menu", { description: "Choose the language of the interface.", tags: ["settings"] }),
    entry(4, "Chat Thread", { description: "Messaging between people, newest last.", tags: ["chat"] }),
  ];
  const ix = entryIndex(es);

  it("ranks a pattern by the words of its interaction rules and UX flows", () => {
    expect(titles(ix.ranked("toggle the original in my language"))[0]).toBe("Inline Translation");
  });

  it("keeps the exact tier the site's: those words are not its", () => {
    expect(ix.search("original language")).toEqual([]);
    expect(ix.search("messaging").map((e) => e.title)).toEqual(["Chat Thread"]);
  });

  it("needs two concepts said in a pattern's own fields: how it behaves only supports them", () => {
    // "toggle" in its description, "messaging" only in its UX flows: one word of prose.
    expect(ix.ranked("messaging toggle")).toEqual([]);
    const hit = ix.ranked("toggle the original in my language").find((h) => h.entry.title === "Inline Translation");
    expect(hit?.match).toBe("some_words");
  });
});

describe("weak hits earn their place", () => {
  it("returns nothing when weak hits share only a request's common words", async () => {
    // "tree", "write", "time" are the catalog's words; "b", "lsm", "amplification" no pattern's.
    expect(await found("B-tree vs LSM tree write amplification for time series")).toEqual([]);
    expect(
      await found("nginx 502 bad gateway upstream prematurely closed connection while reading response header"),
    ).toEqual([]);
  });

  it("keeps weak hits that explain the request's distinctive words", async () => {
    const r = await catalog.search(
      "travellers need to pick arrival and departure nights from two months shown side by side, nights in between highlighted",
      { limit: 5 },
    );
    expect(r.hits[0]?.title).toBe("Date Range Picker");
    expect(r.match[0]).toBe("some_words");
  });
});

describe("an interface the catalog does not carry", () => {
  const bare = createCatalog(raw, "https://patttterns.com", { synonyms, technical });
  const videoCall = "patients and doctors need a video call screen with mute, camera off and screen sharing";

  it("empties a page of weak hits when the request names one, and says which", async () => {
    expect(await catalog.search(videoCall)).toMatchObject({ total: 0, hits: [], absent: "video call" });
    // The shipped list, not the ranking alone, empties this page: without it the page has weak hits.
    const weak = await bare.search(videoCall);
    expect(weak.hits.length).toBeGreaterThan(0);
    expect(weak.match.every((m) => m === "some_words")).toBe(true);
    expect((await catalog.search("turn-by-turn directions for drivers")).absent).toBe("turn by turn");
  });

  it("reads it as context: what the rest of the request asks for is found, matching some words", async () => {
    const r = await catalog.search("a confirmation popup before deleting a pie chart", { limit: 3 });
    expect(r.hits[0]?.title).toBe("Confirmation Dialog");
    expect(r.match).toEqual(["some_words", "some_words", "some_words"]);
    expect(r.absent).toBe("pie chart");
    // A pattern the rest names by its title is kept, however long the rest.
    const long = "add a tooltip to the mute button on our video call screen for patients";
    expect(await found(long, bare)).toContain("Tooltip");
    expect(await found(long)).toEqual(["Tooltip"]);
  });

  it("keeps what a request asks for beside one: a pattern named beside it is found as without the list", async () => {
    // Every pattern by its title beside two listed interfaces: the pattern stays in the top five
    // wherever it was without the list.
    const lost: string[] = [];
    for (const e of raw)
      for (const q of [`${e.title} for the pie chart`, `add a ${e.title.toLowerCase()} to our video call screen`]) {
        if ((await found(q, bare)).includes(e.title) && !(await found(q)).includes(e.title)) lost.push(q);
      }
    expect(lost).toEqual([]);
  });

  it("finds nothing for one asked for alone, however asked, and names it: a hit would match its words apart", async () => {
    // Without the list, "3d model" finds Model Picker and "360 view" Quick View, each with every word.
    expect(await bare.search("3d model")).toMatchObject({ match: ["all_words", "all_words"] });
    expect(await found("360 view", bare)).toContain("Quick View");
    const loose: string[] = [];
    for (const { words } of absent) {
      const term = words.join(" ");
      for (const q of [term, `I need a ${term} component`]) {
        const r = await catalog.search(q);
        if (r.total !== 0 || r.absent !== term) loose.push(`${q}: ${r.total} hits, absent ${r.absent}`);
      }
    }
    expect(loose).toEqual([]);
    // A word of its own beside it is read as before, and so are stopwords that make a thesaurus
    // phrase ("you may also like" is Personalized Recommendations, "show more" Load More).
    expect((await found("time picker for the alarm clock"))[0]).toBe("Time Picker");
    expect(await found("you may also like leaderboard")).toEqual(["Personalized Recommendations"]);
    expect(await found("show more lyrics")).toContain("Load More");
  });

  it("reads the rest only in place of weak hits: a request that found nothing still finds nothing", async () => {
    expect(await found("search the leaderboard", bare)).toEqual([]);
    expect(await catalog.search("search the leaderboard")).toMatchObject({ hits: [], absent: "leaderboard" });
  });

  it("does not correct its words, nor the rest's, toward the catalog's", async () => {
    // "compass" is two letters from "composer" (AI Chat Composer); "trimmer" one from "shimmer"
    // (Skeleton Loader), and one of an audio editor's words.
    expect((await bare.search("compass")).hits.length).toBeGreaterThan(0);
    expect(await catalog.search("compass")).toMatchObject({ hits: [], absent: "compass" });
    expect(await catalog.search("audio waveform trimmer")).toMatchObject({ hits: [], absent: "audio waveform" });
  });

  it("is not read inside a technical term", () => {
    const es = [
      entry(1, "Progress Bar", { description: "Shows how much of a task is done.", tags: ["feedback"] }),
      entry(2, "Empty State", { description: "What a screen shows before it has content.", tags: ["onboarding"] }),
    ];
    const ix = entryIndex(es, {
      technical: parseTechnicalTerms("long polling"),
      absent: parseAbsentInterfaces("poll"),
    });
    // "polling" is a poll's word, but "long polling" names a technique.
    expect(ix.absent("progress of the task while long polling")).toBeUndefined();
    expect(ix.absent("progress of the task in the poll")).toBe("poll");
  });
});

describe("a long request is explained by a fifth of it", () => {
  it("keeps a hit that explains a fifth of a request of seven concepts or more", async () => {
    // Nine concepts, most of them common words ("should", "look", "quietly", "itself"): Optimistic
    // UI explains just under a quarter of them, the bar of a shorter query.
    expect(
      (
        await found("hearting a post should look done immediately, then quietly undo itself if the server rejects it")
      )[0],
    ).toBe("Optimistic UI");
  });
});

describe("what is left of a contraction says nothing", () => {
  it('reads no concept in the tail of "don\'t" or a possessive "\'s"', async () => {
    // The catalog's prose says "don't", so "t" matched User Menu and Dropdown Menu first.
    expect((await found("controls greyed out because you don't have admin rights"))[0]).toBe("Permission-Aware UI");
    expect(await found("keep the user's place in the list when they come back from a product detail page")).toContain(
      "Scroll Restoration",
    );
  });
});

describe('"-based" says nothing of which interface is meant', () => {
  it("a stack named as X-based is not read as a word of the catalog", async () => {
    // "based" was the one word Personalized Recommendations ("based on…") shared with this request.
    expect(await found("react-flow node based workflow builder")).toEqual([]);
    expect((await found("tiktoken-based meter showing how full the conversation context is"))[0]).toBe(
      "Context Window Indicator",
    );
  });
});

describe("a thesaurus phrase over a word's synonym", () => {
  it("reads a phrase as typed over a one-word synonym of one of its words", async () => {
    // "gpt" is an AI model (its synonym "ai"); "written by ai" names the AI content label.
    expect((await found("show a badge on replies that were written by GPT"))[0]).toBe("AI Content Label");
  });

  it("not over skipped or reversed words", async () => {
    // "unfamiliar" is "new", but "account from an unfamiliar phone" is no "new account" (sign-up).
    expect(
      await found("email users when someone logs into their account from an unfamiliar phone in another country"),
    ).toContain("New Device Sign-in");
  });
});

describe("the thesaurus's everyday words for requests", () => {
  // Each entry in plain English for a word the catalog uses, and the request it reads.
  it("courier => carrier, delivery", async () => {
    expect(
      await found(
        "customers want to follow their parcel from dispatch to doorstep with courier updates and an expected arrival",
      ),
    ).toContain("Order Tracking");
    expect(await found("courier updates")).toContain("Order Tracking");
  });

  it("specs, specifications => attributes", async () => {
    expect((await found("shoppers tick three laptops and see their specs lined up next to each other"))[0]).toBe(
      "Compare Products",
    );
  });

  it("bring back => restore", async () => {
    expect(
      (
        await found(
          "writers want to bring the draft back to how it looked yesterday afternoon and see who changed what",
        )
      )[0],
    ).toBe("Version History");
    expect((await found("bring back a deleted message"))[0]).toBe("Trash and Restore");
  });

  it("ping me, get pinged => notify", async () => {
    expect(
      (await found("people start a long research job, close the tab, and get pinged when it's done or needs them"))[0],
    ).toBe("Background Agent Status");
  });

  it("search criteria => filters", async () => {
    expect(
      await found(
        "flat hunters want to keep their search criteria and get an email whenever a matching listing appears",
      ),
    ).toContain("Saved Searches");
    expect((await found("save my search criteria"))[0]).toBe("Saved Searches");
  });

  it("who else is, who else has, whoever else, has this open, have this open => live presence", async () => {
    expect(
      (await found("show small photos of whoever else has this contract open right now, up in the header"))[0],
    ).toBe("Live Presence");
    expect((await found("who else is editing this page"))[0]).toBe("Live Presence");
    // Not "who else" alone: who else can see a file is a question of sharing, not of presence.
    expect(await found("who else can see this file")).not.toContain("Live Presence");
  });

  it("pinned to, anchored to => anchored", async () => {
    expect((await found("a note pinned to the selected cell"))[0]).toBe("Inline Comments");
    expect(await found("Liveblocks threads pinned to a highlighted text range in the contract editor")).toContain(
      "Inline Comments",
    );
  });

  it("little faces => avatar", async () => {
    expect((await found("put little faces next to each comment"))[0]).toBe("User Avatar");
    expect((await found("show little faces of the people in this meeting"))[0]).toBe("Avatar Group");
  });
});
