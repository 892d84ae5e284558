/**
 * `npm run seed` as a user runs it (the CLI, a child process) against a real local BlobsServer,
 * reached through the Netlify API credentials in the environment: idempotent, conflict-safe.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobKeys } from "../../../src/components/model.ts";
import { openStore } from "../../../src/storage/blobs.ts";
import { localSiteId, startLocalBlobs } from "../../../scripts/local/blobs.ts";
import { startBlobs, type LocalBlobs } from "../../helpers/blobs.ts";
import { fixture, fixtures, run } from "../../helpers/components.ts";

const KEY_COUNT = fixtures.reduce((n, f) => n + f.code.length + 1, 0);

let blobs: LocalBlobs;
let env: Record<string, string>;
beforeAll(async () => {
  blobs = await startBlobs();
  env = {
    NETLIFY_SITE_ID: blobs.config.siteID,
    NETLIFY_BLOBS_TOKEN: blobs.config.token,
    NETLIFY_API_URL: blobs.config.edgeURL!,
  };
});
afterAll(() => blobs.stop());

describe("npm run seed", () => {
  it("refuses to guess a store: no credentials and no --local is exit 2 with how to fix it", async () => {
    const r = await run("scripts/ops/seed.ts", []);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("pass --local, or set NETLIFY_SITE_ID and NETLIFY_BLOBS_TOKEN");
  });

  it("writes every fixture blob byte for byte, then a second run writes nothing", async () => {
    const first = await run("scripts/ops/seed.ts", ["--store", "seeded"], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`${KEY_COUNT} written, 0 unchanged, 0 conflicts`);
    const kv = openStore("seeded", { config: blobs.config });
    for (const f of fixtures) {
      expect(Buffer.from((await kv.get(blobKeys.index(f.entry.id)))!).equals(Buffer.from(f.indexBytes))).toBe(true);
      for (const c of f.code)
        expect(Buffer.from((await kv.get(blobKeys.tsx(f.entry.id, c.versionId)))!).equals(Buffer.from(c.bytes))).toBe(
          true,
        );
    }
    expect((await kv.list()).length).toBe(KEY_COUNT);
    const second = await run("scripts/ops/seed.ts", ["--store", "seeded"], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain(`0 written, ${KEY_COUNT} unchanged, 0 conflicts`);
  });

  it("keeps a blob that holds other bytes (exit 1, listed) unless --force", async () => {
    const kv = openStore("conflicts", { config: blobs.config });
    const key = blobKeys.tsx(fixture("tabs").entry.id, "seed");
    await kv.set(key, "// edited in production");
    const kept = await run("scripts/ops/seed.ts", ["--store", "conflicts"], env);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toContain(key);
    expect(new TextDecoder().decode((await kv.get(key))!)).toBe("// edited in production");
    const forced = await run("scripts/ops/seed.ts", ["--store", "conflicts", "--force"], env);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain("1 written");
    expect(
      Buffer.from((await kv.get(key))!).equals(
        Buffer.from(fixture("tabs").code.find((c) => c.versionId === "seed")!.bytes),
      ),
    ).toBe(true);
  });

  it('--local files the sandbox under the site id @netlify/dev uses: the linked site\'s, else "0"', async () => {
    const root = await mkdtemp(join(tmpdir(), "linked-"));
    try {
      expect(await localSiteId(root)).toBe("0");
      await mkdir(join(root, ".netlify"));
      await writeFile(join(root, ".netlify/state.json"), JSON.stringify({ siteId: "2b3c-linked" }));
      expect(await localSiteId(root)).toBe("2b3c-linked");
      await writeFile(join(root, ".netlify/state.json"), "{ not json");
      expect(await localSiteId(root)).toBe("0");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("--local seeds the sandbox directory npm start serves (site 0), idempotently", async () => {
    const dir = await mkdtemp(join(tmpdir(), "blobs-local-"));
    try {
      expect((await run("scripts/ops/seed.ts", ["--local", "--dir", dir])).stdout).toContain(`${KEY_COUNT} written`);
      expect((await run("scripts/ops/seed.ts", ["--local", "--dir", dir])).stdout).toContain(
        `0 written, ${KEY_COUNT} unchanged`,
      );
      // Read it back the way @netlify/dev does: a BlobsServer on that directory, site "0" (no linked site here).
      const sandbox = await startLocalBlobs({ directory: dir, siteID: "0" });
      try {
        expect((await openStore("components", { config: sandbox.config }).list()).length).toBe(KEY_COUNT);
      } finally {
        await sandbox.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("rejects unknown flags with exit 2", async () => {
    const r = await run("scripts/ops/seed.ts", ["--nope"], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Usage");
  });
});
