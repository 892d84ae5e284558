/**
 * What agents looked for and did not find, in process over a real local Blobs store: the real app
 * and recorder, callers told apart by IP as on Netlify, the review read through the CLI.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalBlobs } from "../../../scripts/local/blobs.ts";
import type { KV } from "../../../src/storage/blobs.ts";
import { monthOf } from "../../../src/usage/event.ts";
import { foldMonth } from "../../../src/usage/fold.ts";
import { unansweredKey } from "../../../src/usage/unanswered.ts";
import { createUsageRecorder } from "../../../src/usage/recorder.ts";
import { testApp } from "../../helpers/app.ts";
import { TOP_QUERIES } from "../../../scripts/ops/usage-report/kpis.ts";
import { dump, reportCli, toolCall, usageStore } from "../../helpers/usage.ts";

const MONTH = monthOf(new Date());
const EMAIL = "jane.doe@example.com";

/** A local Blobs server over a directory of its own (the review reads it by --dir), and its usage store. */
async function ownStore(name: string) {
  const dir = await mkdtemp(join(tmpdir(), `usage-unanswered-${name}-`));
  const server = await startLocalBlobs({ directory: dir, siteID: "0" });
  return {
    dir,
    store: usageStore(server.config),
    async remove() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
type OwnStore = Awaited<ReturnType<typeof ownStore>>;

let main: OwnStore;
let dir: string;
let kv: KV;

/** The real app recording into `store`; `search` sends one tool call from `ip`. */
function searcher(store: KV, recordQueries?: boolean) {
  const usage = createUsageRecorder({ secret: "s3cret", open: () => store, log: () => {}, recordQueries });
  const app = testApp({ usage });
  return async (ip: string, tool: string, query: string) => {
    const res = await app.handle(await toolCall(tool, { query }), { ip });
    expect(res.status).toBe(200);
    await res.text();
  };
}

beforeAll(async () => {
  main = await ownStore("main");
  ({ dir, store: kv } = main);
  const search = searcher(kv);
  // Two clients find nothing for the same query; one finds nothing for another.
  await search("203.0.113.1", "search_patterns", "Holographic keyboard   for CATS");
  await search("203.0.113.2", "search_components", "holographic keyboard for cats");
  await search("203.0.113.2", "search_patterns", "holographic keyboard for cats");
  await search("203.0.113.1", "search_patterns", `write to ${EMAIL} about quantum teapots`);
  // Only some words match: a weak search, from one client.
  await search("203.0.113.3", "search_patterns", "date picker for submarines");
  // Answered searches keep no query.
  await search("203.0.113.3", "search_patterns", "sidebar");
  await search("203.0.113.3", "search_components", "drag and drop");
});
afterAll(() => main.remove());

describe("unanswered searches", () => {
  it("counts searches with no result and with only some words, and their share of searches", async () => {
    const { stdout } = await reportCli(["--month", MONTH, "--json", "--dir", dir]);
    const { unanswered } = JSON.parse(stdout);
    expect(unanswered).toMatchObject({
      searches: 7,
      zero_results: 4,
      weak: 1,
      zero_rate: 0.5714,
      weak_rate: 0.1429,
      min_clients: 2,
      hidden: 2,
    });
    // Listed: the one query two distinct clients sent (three searches, two clients).
    expect(unanswered.queries).toEqual([
      { query: "holographic keyboard for cats", count: 3, clients: 2, none: 3, weak: 0 },
    ]);
  });

  it("--all-queries lists the queries one client sent too, masked", async () => {
    const { stdout } = await reportCli(["--month", MONTH, "--json", "--dir", dir, "--all-queries"]);
    const { unanswered } = JSON.parse(stdout);
    expect(unanswered.min_clients).toBe(1);
    expect(unanswered.hidden).toBe(0);
    expect(unanswered.queries.map((q: { query: string }) => q.query)).toEqual([
      "holographic keyboard for cats",
      "date picker for submarines",
      "write to <email> about quantum teapots",
    ]);
    expect(unanswered.queries[1]).toMatchObject({ count: 1, clients: 1, none: 0, weak: 1 });
    const text = (await reportCli(["--month", MONTH, "--dir", dir])).stdout;
    expect(text).toContain("What agents looked for and did not find");
    expect(text).toMatch(/3 +\(2 clients; none 3, weak 0\) +holographic keyboard for cats/);
    expect(text).not.toContain("date picker for submarines");
    expect(text).toContain("(not listed: 2 sent by fewer; --all-queries lists them)");
    expect(text).toContain("  interfaces they named that the catalog does not carry:\n    (none)\n");
  });

  it("keeps the query apart from the client hash, and no e-mail address reaches the store", async () => {
    await foldMonth(kv, MONTH);
    const blobs = await dump(kv);
    const all = [...blobs.values()].join("\n");
    expect(all).not.toContain(EMAIL);
    expect(all).not.toContain("jane");
    const queries = [...blobs].filter(([k]) => k.startsWith(`queries/${MONTH}/`));
    expect(queries).toHaveLength(5);
    const clients = new Set(
      [...blobs].filter(([k]) => k.startsWith("events/")).map(([, v]) => JSON.parse(v).client as string),
    );
    expect(clients.size).toBe(3);
    for (const [, v] of queries) {
      const record = JSON.parse(v);
      expect(Object.keys(record).sort()).toEqual(["kind", "query", "token", "tool", "v"]);
      for (const c of clients) expect(v).not.toContain(c);
    }
    // No blob holds both a query and a client hash: the queries fold into a blob of their own.
    for (const [k, v] of blobs) {
      if (!v.includes("holographic")) continue;
      expect(k.startsWith("queries/") || k === `unanswered/${MONTH}.json`, k).toBe(true);
      for (const c of clients) expect(v).not.toContain(c);
    }
    // The events say how the search matched, never what it asked.
    for (const [k, v] of blobs) if (k.startsWith("events/")) expect(v).not.toMatch(/holographic|teapot|submarine/);
  });

  it("folds query records once, however often it runs", async () => {
    const first = await foldMonth(kv, MONTH);
    const again = await foldMonth(kv, MONTH);
    expect(again.unanswered).toEqual(first.unanswered);
    expect(first.unanswered.queries["holographic keyboard for cats"]).toMatchObject({ none: 3 });
    expect(first.unanswered.folded).toHaveLength(5);
  });

  it("with query recording off, stores no query, and still counts the searches", async () => {
    const { dir: other, store, remove } = await ownStore("off");
    try {
      const search = searcher(store, false);
      await search("203.0.113.1", "search_patterns", "holographic keyboard for cats");
      await search("203.0.113.2", "search_patterns", "holographic keyboard for cats");
      await search("203.0.113.2", "search_patterns", "video call");
      const blobs = await dump(store);
      expect([...blobs.keys()].filter((k) => !k.startsWith("events/") && !k.startsWith("hash-keys/"))).toEqual([]);
      expect([...blobs.values()].join("\n")).not.toMatch(/holographic|video/);
      const { unanswered } = JSON.parse((await reportCli(["--month", MONTH, "--json", "--dir", other])).stdout);
      expect(unanswered).toMatchObject({ searches: 3, zero_results: 3, queries: [], hidden: 0, absent: [] });
    } finally {
      await remove();
    }
  });
});

describe("the top 20, and --all-queries", () => {
  let many: OwnStore;
  let other: string;
  // Nonsense words: every search finds nothing, or only some words, and keeps its query.
  const queries = Array.from({ length: 25 }, (_, i) => `xyzzy plugh quux ${String(i + 1).padStart(2, "0")}`);
  const once = "xyzzy plugh quux lonely";

  beforeAll(async () => {
    many = await ownStore("top");
    other = many.dir;
    const search = searcher(many.store);
    for (const q of queries) {
      await search("203.0.113.1", "search_patterns", q);
      await search("203.0.113.2", "search_patterns", q);
    }
    await search("203.0.113.3", "search_patterns", once);
  });
  afterAll(() => many.remove());

  it("25 queries of two clients each: the report lists 20 and says 5 more, in JSON, text and HTML", async () => {
    expect(TOP_QUERIES).toBe(20);
    const { unanswered } = JSON.parse((await reportCli(["--month", MONTH, "--json", "--dir", other])).stdout);
    expect(unanswered).toMatchObject({ searches: 51, min_clients: 2, more: 5, hidden: 1 });
    expect(unanswered.queries).toHaveLength(20);
    // Equal counts and clients: in the order of the query's text.
    expect(unanswered.queries.map((q: { query: string }) => q.query)).toEqual(queries.slice(0, 20));
    expect(unanswered.queries[0]).toMatchObject({ count: 2, clients: 2 });

    // One run prints the text and writes the page.
    const page = join(other, "report.html");
    const text = (await reportCli(["--month", MONTH, "--dir", other, "--no-fold", "--html", page])).stdout;
    expect(text).toContain(
      "queries sent by at least 2 distinct clients (not listed: 5 more past the top 20 and 1 sent by fewer; " +
        "--all-queries lists them):",
    );
    expect(text).toContain(queries[19]);
    expect(text).not.toContain(queries[20]);
    const html = await readFile(page, "utf8");
    expect(html).toContain("not listed: 5 more past the top 20 and 1 sent by fewer (--all-queries lists them)");
    expect(html).toContain(queries[19]);
    expect(html).not.toContain(queries[20]);
    expect(html).toContain("No search named an interface the catalog does not carry.");
  });

  it("--all-queries lists all 25, and the 26th that one client sent once", async () => {
    const args = ["--month", MONTH, "--dir", other, "--no-fold", "--all-queries"];
    const { unanswered } = JSON.parse((await reportCli([...args, "--json"])).stdout);
    expect(unanswered).toMatchObject({ min_clients: 1, more: 0, hidden: 0 });
    expect(unanswered.queries.map((q: { query: string }) => q.query)).toEqual([...queries, once]);
    expect(unanswered.queries[25]).toMatchObject({ count: 1, clients: 1 });
    const text = (await reportCli(args)).stdout;
    for (const q of [...queries, once]) expect(text).toContain(q);
    expect(text).not.toContain("not listed");
  });
});

describe("interfaces the catalog does not carry", () => {
  let named: OwnStore;
  let other: string;
  let store: KV;

  beforeAll(async () => {
    named = await ownStore("absent");
    ({ dir: other, store } = named);
    // The month's unanswered blob as written before it counted interfaces: the fold adds onto it.
    const older = { v: 1, month: MONTH, updated_at: null, unreadable: 0, queries: {}, folded: [] };
    await store.set(unansweredKey(MONTH), JSON.stringify(older));
    const search = searcher(store);
    // One client asks twice in the same words, another in its own: one interface, two clients.
    await search("203.0.113.1", "search_patterns", "a video call screen with mute and screen sharing");
    await search("203.0.113.1", "search_patterns", "a video call screen with mute and screen sharing");
    await search("203.0.113.2", "search_components", "Video calls");
    await search("203.0.113.1", "search_components", "I need a pie chart component");
    // Unanswered without naming one, and answered: neither counts an interface.
    await search("203.0.113.2", "search_patterns", "holographic keyboard for cats");
    await search("203.0.113.2", "search_patterns", "sidebar");
  });
  afterAll(() => named.remove());

  it("counts each under the list's phrase, whatever the wording, kept with the query and never with the caller", async () => {
    const page = join(other, "report.html");
    const text = (await reportCli(["--month", MONTH, "--dir", other, "--html", page])).stdout;
    expect(text).toContain(
      "  interfaces they named that the catalog does not carry:\n" +
        "    video call: 3 searches, at most 2 clients\n" +
        "    pie chart: 1 search, at most 1 client\n",
    );
    const { unanswered } = JSON.parse((await reportCli(["--month", MONTH, "--dir", other, "--json"])).stdout);
    expect(unanswered.absent).toEqual([
      { interface: "video call", searches: 3, clients: 2 },
      { interface: "pie chart", searches: 1, clients: 1 },
    ]);
    expect(await readFile(page, "utf8")).toMatch(/<td>video call<\/td><td>3<\/td><td>2<\/td>/);

    const blobs = await dump(store);
    const records = [...blobs].filter(([k]) => k.startsWith(`queries/${MONTH}/`)).map(([, v]) => JSON.parse(v));
    // The words each search named it with; the review counts them under the list's phrase.
    expect(records.map((r) => r.absent ?? null).sort()).toEqual([
      null,
      "pie chart",
      "video call",
      "video call",
      "video calls",
    ]);
    // The events say how the search matched, never what it asked for.
    for (const [k, v] of blobs) if (k.startsWith("events/")) expect(v).not.toMatch(/video|pie/);
  });
});
