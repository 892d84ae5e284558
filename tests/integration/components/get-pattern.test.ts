/**
 * get_pattern over real Blobs: it lists the visible versions, and has_component is true exactly when
 * the store has an active, visible version, for every entry of the catalog.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../../src/storage/blobs.ts";
import {
  blobsApp,
  callTool,
  catalogData,
  fixture,
  fixtures,
  type SeededBlobs,
  startSeededBlobs,
  STORE,
} from "../../helpers/components.ts";

let blobs: SeededBlobs;
beforeAll(async () => {
  blobs = await startSeededBlobs();
});
afterAll(() => blobs.stop());

const entries = catalogData as { id: string; catalogNumber: number; hasGeneratedComponent?: boolean }[];

describe("get_pattern", () => {
  it.each(fixtures.map((f) => [f.name, f]))("%s lists its visible versions and the active one", async (_name, f) => {
    const { data } = await callTool(blobsApp(blobs), "get_pattern", { pattern_id: f.entry.id });
    expect(data.has_component).toBe(true);
    expect(data.available_versions).toEqual(f.index.versions.filter((v) => !v.hiddenAt).map((v) => v.versionId));
    expect(data.active_version_id).toBe(f.index.activeVersionId);
    expect(data).toMatchObject({
      pattern_id: f.entry.id,
      catalog_number: `#${f.entry.catalogNumber}`,
      tags: f.entry.tags,
    });
  });

  it("has_component matches the store for all catalog entries", async () => {
    const app = blobsApp(blobs);
    const inStore = new Set(fixtures.map((f) => f.entry.id));
    for (const e of entries) {
      const { data } = await callTool(app, "get_pattern", { pattern_id: e.id });
      expect(data.has_component, `#${e.catalogNumber}`).toBe(inStore.has(e.id));
      if (!inStore.has(e.id)) expect(data.available_versions).toEqual([]);
    }
  });

  it("is false when the catalog flags a pattern the store has nothing for", async () => {
    const empty = await startSeededBlobs(false);
    try {
      const { data } = await callTool(blobsApp(empty), "get_pattern", { pattern_id: fixture("tabs").entry.id });
      expect(data.has_component).toBe(false);
      expect(data.available_versions).toEqual([]);
    } finally {
      await empty.stop();
    }
  });

  it("is false when the active pointer names a hidden version", async () => {
    const other = await startSeededBlobs();
    try {
      const f = fixture("ai-chat-composer");
      await openStore(STORE, { config: other.config }).set(
        `${f.entry.id}/versions.json`,
        JSON.stringify({ ...f.index, activeVersionId: "v3" }),
      );
      const { data } = await callTool(blobsApp(other), "get_pattern", { pattern_id: f.entry.id });
      expect(data.has_component).toBe(false);
      expect(data.available_versions).toEqual(["seed", "v1", "v2"]);
    } finally {
      await other.stop();
    }
  });

  it("still answers from the catalog when the store fails, saying so", async () => {
    const failing = blobsApp(blobs, { fetch: async () => new Response(null, { status: 503 }) });
    const { isError, data } = await callTool(failing, "get_pattern", { pattern_id: fixture("tabs").entry.id });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ has_component: true, available_versions: null, component_status: "upstream_error" });
  });
});
