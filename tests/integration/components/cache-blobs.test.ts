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
});
