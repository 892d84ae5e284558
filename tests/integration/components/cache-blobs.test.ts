/** The isolate cache over a real local Blobs store: a regenerate is served once the index TTL has passed. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../src/storage/blobs.ts";
import { blobsApp, callTool, fixture, type SeededBlobs, startSeededBlobs, STORE } from "../../helpers/components.ts";

describe("a regenerate reaches get_component within COMPONENTS_INDEX_TTL_MS (real Blobs)", () => {
  let blobs: SeededBlobs;
  beforeAll(async () => {
    blobs = await startSeededBlobs();
  });
  afterAll(() => blobs.stop());

  it("moves the active pointer, serves the old one until the bound, then the new one", async () => {
    const f = fixture("sidebar-navigation");
    const app = blobsApp(blobs, { env: { COMPONENTS_INDEX_TTL_MS: "300" } });
    expect((await callTool(app, "get_component", { pattern_id: f.entry.id })).data.metadata.version_id).toBe("v2");
    await openStore(STORE, { config: blobs.config }).set(
      `${f.entry.id}/versions.json`,
      JSON.stringify({ ...f.index, activeVersionId: "v3" }),
    );
    expect((await callTool(app, "get_component", { pattern_id: f.entry.id })).data.metadata.version_id).toBe("v2");
    await new Promise((r) => setTimeout(r, 350));
    expect((await callTool(app, "get_component", { pattern_id: f.entry.id })).data.metadata.version_id).toBe("v3");
  });

  it("lists a changed version list once the bound has passed, the active version and its code unchanged", async () => {
    const f = fixture("sidebar-navigation");
    const store = openStore(STORE, { config: blobs.config });
    await store.set(`${f.entry.id}/versions.json`, JSON.stringify(f.index)); // as seeded: v2 active, v1 listed
    const app = blobsApp(blobs, { env: { COMPONENTS_INDEX_TTL_MS: "300" } });
    const listed = async () => (await callTool(app, "get_component", { pattern_id: f.entry.id })).data.metadata;
    expect((await listed()).available_versions).toContain("v1");
    const versions = f.index.versions.map((v) =>
      v.versionId === "v1" ? { ...v, hiddenAt: "2026-12-01T00:00:00.000Z" } : v,
    );
    await store.set(`${f.entry.id}/versions.json`, JSON.stringify({ ...f.index, versions }));
    expect((await listed()).available_versions).toContain("v1");
    await new Promise((r) => setTimeout(r, 350));
    const after = await listed();
    expect(after.version_id).toBe("v2");
    expect(after.available_versions).not.toContain("v1");
  });
});
