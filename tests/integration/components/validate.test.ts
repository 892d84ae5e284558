/**
 * `npm run validate`: passes on the repository, and on a broken copy (a temp dir) names each break.
 * Each check is proven alone (in process, one break per copy), then the CLI on every break at once,
 * then the same guard over a real Blobs store.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobKeys } from "../../../src/components/model.ts";
import { openStore } from "../../../src/storage/blobs.ts";
import { fixtureStore } from "../../../scripts/ops/validate/fixture-store.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { tsxSyntaxErrors, validate } from "../../../scripts/ops/validate/check.ts";
import { startBlobs, type LocalBlobs } from "../../helpers/blobs.ts";
import { seedStore } from "../../../scripts/lib/seed.ts";
import { catalogSchema } from "../../../src/catalog/schema.ts";
import { catalogData, fixture, fixtures, run } from "../../helpers/components.ts";

type Entry = { id: string; catalogNumber: number; slug: string; title: string; hasGeneratedComponent?: boolean };
type Break = { name: string; apply: (dir: string, catalog: Entry[]) => Promise<void>; expect: RegExp };

const F = (dir: string, ...p: string[]) => join(dir, "fixtures/components", ...p);
const byNumber = (catalog: Entry[], n: number) => catalog.find((e) => e.catalogNumber === n)!;
const editIndex = async (dir: string, name: string, edit: (i: Record<string, unknown>) => void) => {
  const path = F(dir, name, "versions.json");
  const index = JSON.parse(await readFile(path, "utf8"));
  edit(index);
  await writeFile(path, JSON.stringify(index));
};
const tabs = fixture("tabs").entry;

const BREAKS: Break[] = [
  {
    name: "duplicate catalog number",
    apply: async (_d, c) => void (byNumber(c, 2).catalogNumber = 1),
    expect: /^catalog: duplicate catalog number 1: #1 .* and #1 /m,
  },
  {
    name: "duplicate slug",
    apply: async (_d, c) => void (byNumber(c, 9).slug = byNumber(c, 3).slug),
    expect: /^catalog: duplicate slug \/mobile-patterns\/splash-screen: #3 .* and #9 /m,
  },
  {
    name: "duplicate id (other case, no dashes)",
    apply: async (_d, c) => void (byNumber(c, 10).id = byNumber(c, 7).id.replace(/-/g, "").toUpperCase()),
    expect: /^catalog: duplicate id [0-9a-f]{32}: #7 .* and #10 /m,
  },
  {
    name: "invalid catalog entry",
    apply: async (_d, c) => void ((byNumber(c, 13) as Record<string, unknown>).type = "widget"),
    expect: /^catalog: entry \d+\.type: /m,
  },
  {
    name: "flagged pattern without a component",
    apply: async (_d, c) => void (byNumber(c, 1).hasGeneratedComponent = true),
    expect: /^#1 Style Presets: hasGeneratedComponent is true but the store has no readable active version$/m,
  },
  {
    name: "component for an unflagged pattern",
    apply: async (_d, c) => void (c.find((e) => e.id === tabs.id)!.hasGeneratedComponent = false),
    expect: /^#12 Tabs: the store has an active version but hasGeneratedComponent is false$/m,
  },
  {
    name: "active pointer on a hidden version",
    apply: (d) => editIndex(d, "ai-chat-composer", (i) => void (i.activeVersionId = "v3")),
    expect: /ai-chat-composer\/versions\.json\): activeVersionId v3 names a hidden version/,
  },
  {
    name: "active pointer on no version",
    apply: (d) => editIndex(d, "toast-notification", (i) => void (i.activeVersionId = "v5")),
    expect: /toast-notification\/versions\.json\): activeVersionId v5 names no listed version/,
  },
  {
    name: "index not JSON",
    apply: (d) => writeFile(F(d, "pagination", "versions.json"), "{oops"),
    expect: /pagination\/versions\.json\): versions\.json is not JSON/,
  },
  {
    name: "index off the model",
    apply: (d) => editIndex(d, "stepper", (i) => void (i.activeVersionId = "../x")),
    expect: /stepper\/versions\.json\): versions\.json does not match the model: activeVersionId/,
  },
  {
    name: "TSX that does not parse",
    apply: async (d) =>
      writeFile(
        F(d, "accordion", "seed.tsx"),
        `${await readFile(F(d, "accordion", "seed.tsx"), "utf8")}\nconst broken = (<div>;\n`,
      ),
    expect: /accordion\/seed\.tsx\): TSX does not parse: \d+:\d+ /,
  },
  {
    name: "unknown design token",
    apply: async (d) =>
      writeFile(
        F(d, "tooltip", "seed.tsx"),
        (await readFile(F(d, "tooltip", "seed.tsx"), "utf8")).replace("--ui-surface", "--ui-primary"),
      ),
    expect: /tooltip\/seed\.tsx\): unknown design tokens --ui-primary/,
  },
  {
    name: "TSX that is not UTF-8",
    apply: (d) => writeFile(F(d, "rating-stars", "seed.tsx"), Buffer.from([0x63, 0xff, 0x0a])),
    expect: /rating-stars\/seed\.tsx\): not valid UTF-8/,
  },
  {
    name: "orphan blob",
    apply: (d) => writeFile(F(d, "tabs", "v9.tsx"), "export default function X() { return null; }\n"),
    expect: /tabs\/v9\.tsx\): blob v9 is not listed in versions\.json/,
  },
  {
    name: "visible version without code",
    apply: (d) => unlink(F(d, "date-picker", "v2.tsx")),
    expect: /date-picker\/versions\.json\): visible version v2 has no code blob/,
  },
  {
    name: "folder no entry matches",
    apply: (d) => copyTree(F(d, "tabs"), F(d, "not-a-pattern")),
    expect: /fixtures\/components\/not-a-pattern: no catalog entry has a slug ending in \/not-a-pattern/,
  },
  {
    name: "bad blob name",
    apply: (d) => writeFile(F(d, "tabs", "notes.txt"), "hello"),
    expect: /tabs\/notes\.txt: unexpected key/,
  },
];

/** Copies a folder's tree file by file: fs.cp checks each path first and cost six times the CPU here. */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await Promise.all(
    (await readdir(from, { withFileTypes: true })).map((d) =>
      d.isDirectory() ? copyTree(join(from, d.name), join(to, d.name)) : copyFile(join(from, d.name), join(to, d.name)),
    ),
  );
}

/** A copy of the catalog and fixtures in a temp dir, with `breaks` applied. */
async function brokenCopy(breaks: Break[]) {
  const dir = await mkdtemp(join(tmpdir(), "validate-"));
  await copyTree(join(ROOT, "fixtures/components"), F(dir));
  const catalog = structuredClone(catalogData) as Entry[];
  for (const b of breaks) await b.apply(dir, catalog);
  await writeFile(join(dir, "search_index.json"), JSON.stringify(catalog));
  return dir;
}

describe("the drift guard, one break at a time", () => {
  it("finds nothing on an unbroken copy", async () => {
    const dir = await brokenCopy([]);
    try {
      const catalog = JSON.parse(await readFile(join(dir, "search_index.json"), "utf8"));
      const report = await validate(catalog, await fixtureStore(F(dir), catalog));
      expect(report.problems).toEqual([]);
      expect(report).toMatchObject({
        entries: 338,
        components: fixtures.length,
        blobs: fixtures.reduce((n, f) => n + f.code.length, 0),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each(BREAKS.map((b) => [b.name, b]))("%s", async (_name, b) => {
    const dir = await brokenCopy([b]);
    try {
      const catalog = JSON.parse(await readFile(join(dir, "search_index.json"), "utf8"));
      const ok = catalogSchema.safeParse(catalog);
      const report = await validate(catalog, await fixtureStore(F(dir), ok.success ? ok.data : []));
      expect(report.problems.join("\n")).toMatch(b.expect);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("reports TSX syntax errors with 1-based line and column", () => {
    expect(tsxSyntaxErrors("const a = 1;\nconst b = (<div>;\n")).toEqual([
      "2:13 JSX element 'div' has no corresponding closing tag.",
      "3:1 '</' expected.",
    ]);
    expect(tsxSyntaxErrors("\uFEFFconst s = 'a\u2028b';\r\nexport default () => <p>x</p>;")).toEqual([]);
  });
});

describe("npm run validate (the CLI)", () => {
  it("passes on the repository", async () => {
    const r = await run("scripts/ops/validate.ts", []);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/338 entries\. Store fixtures\/components: 33 components, 56 TSX blobs\.\nOK: /);
  });

  it("exits 1 on a broken copy with every problem on its own line", async () => {
    // The catalog-schema break hides the store checks, so it is checked alone above.
    const breaks = BREAKS.filter((b) => b.name !== "invalid catalog entry");
    const dir = await brokenCopy(breaks);
    try {
      const r = await run("scripts/ops/validate.ts", ["--root", dir]);
      expect(r.code).toBe(1);
      const lines = r.stderr
        .split("\n")
        .filter((l) => l.startsWith("  - "))
        .map((l) => l.slice(4));
      expect(r.stderr).toMatch(new RegExp(`^\\n${lines.length} problems:`));
      for (const b of breaks) expect(lines.join("\n"), b.name).toMatch(b.expect);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [["--catalog", "/nonexistent.json"], "cannot read the catalog /nonexistent.json"],
    [["--source", "s3"], '--source must be fixtures or blobs, not "s3"'],
    [["--source", "blobs"], "needs NETLIFY_SITE_ID and NETLIFY_BLOBS_TOKEN"],
  ])("exits 2 with the reason on %j", async (args, reason) => {
    const r = await run("scripts/ops/validate.ts", args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason);
  });
});

describe("npm run validate over a Blobs store", () => {
  let blobs: LocalBlobs;
  let env: Record<string, string>;
  beforeAll(async () => {
    blobs = await startBlobs();
    env = {
      NETLIFY_SITE_ID: blobs.config.siteID,
      NETLIFY_BLOBS_TOKEN: blobs.config.token,
      NETLIFY_API_URL: blobs.config.edgeURL!,
    };
    await seedStore(openStore("components", { config: blobs.config }), fixtures);
  });
  afterAll(() => blobs.stop());

  it("passes on a seeded store (credentials in env select it)", async () => {
    const r = await run("scripts/ops/validate.ts", [], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `Store Blobs store "components" of site ${blobs.config.siteID}: 33 components, 56 TSX blobs.`,
    );
  });

  it("fails when the store drifts from the catalog", async () => {
    const kv = openStore("components", { config: blobs.config });
    await kv.delete(blobKeys.tsx(tabs.id, "v1"));
    await kv.set(
      blobKeys.tsx(fixture("tooltip").entry.id, "v1"),
      "export const X = () => <div className='bg-[var(--ui-brand)]'>;\n",
    );
    const r = await run("scripts/ops/validate.ts", [], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `#12 Tabs (Blobs store "components" of site ${blobs.config.siteID}: ${tabs.id}/versions.json): visible version v1 has no code blob`,
    );
    expect(r.stderr).toContain("#12 Tabs: hasGeneratedComponent is true but the store has no readable active version");
    expect(r.stderr).toMatch(/tooltip|Tooltip/);
    expect(r.stderr).toContain("TSX does not parse");
    expect(r.stderr).toContain("unknown design tokens --ui-brand");
  });
});
