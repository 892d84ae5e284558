import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalBlobs, startBlobs } from "../../helpers/blobs.ts";
import { testApp } from "../../helpers/app.ts";
import { clientHasher, deploymentSecret, hashClient, hashKeyBlob } from "../../../src/usage/hash.ts";
import { createUsageRecorder } from "../../../src/usage/recorder.ts";
import { dump, toolCall, usageStore } from "../../helpers/usage.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const IP = "203.0.113.42";

describe("hashClient (HMAC-SHA-256, per-month salt)", () => {
  it("same IP, month and secret give the same hash", async () => {
    expect(await hashClient(enc("secret-a"), "2026-11", IP)).toBe(await hashClient(enc("secret-a"), "2026-11", IP));
  });
  it("a different month gives a different hash", async () => {
    expect(await hashClient(enc("secret-a"), "2026-11", IP)).not.toBe(await hashClient(enc("secret-a"), "2026-12", IP));
  });
  it("a different secret gives a different hash", async () => {
    expect(await hashClient(enc("secret-a"), "2026-11", IP)).not.toBe(await hashClient(enc("secret-b"), "2026-11", IP));
  });
  it("different IPs give different hashes, 128 bits of hex that do not contain the IP", async () => {
    const a = await hashClient(enc("secret-a"), "2026-11", IP);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(await hashClient(enc("secret-a"), "2026-11", "203.0.113.43"));
    expect(a).not.toContain(IP.replace(/\./g, ""));
  });
  it("matches an HMAC computed independently (node:crypto), with the month as salt", async () => {
    const { createHmac } = await import("node:crypto");
    const monthKey = createHmac("sha256", "secret-a").update("usage-client:2026-11").digest();
    const expected = createHmac("sha256", monthKey).update(IP).digest("hex").slice(0, 32);
    expect(await hashClient(enc("secret-a"), "2026-11", IP)).toBe(expected);
  });
  it("a hasher that keeps each month's key gives, month after month, what node:crypto computes", async () => {
    const { createHmac } = await import("node:crypto");
    const hash = clientHasher(enc("secret-a"));
    for (const [month, ip] of [
      ["2026-11", IP],
      ["2026-12", IP],
      ["2026-11", "2001:db8::1"],
      ["2026-12", "10.0.0.1"],
    ]) {
      const monthKey = createHmac("sha256", "secret-a").update(`usage-client:${month}`).digest();
      expect(await hash(month, ip)).toBe(createHmac("sha256", monthKey).update(ip).digest("hex").slice(0, 32));
    }
  });
});

describe("without USAGE_HASH_SECRET: a random key per deployment", () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startBlobs();
  });
  afterAll(async () => {
    await blobs.stop();
  });

  /** One app instance (a fresh isolate) of deployment `deployId`; returns the client hash it stored. */
  async function clientOf(deployId: string, secret?: string): Promise<string> {
    const kv = usageStore(blobs.config);
    const before = new Set(await kv.list("events/"));
    const app = testApp({
      usage: createUsageRecorder({ secret, open: () => usageStore(blobs.config), log: () => {} }),
    });
    await app.handle(await toolCall("search_patterns", { query: "tabs" }), { ip: IP, deployId });
    const fresh = (await kv.list("events/")).filter((k) => !before.has(k));
    expect(fresh).toHaveLength(1);
    return JSON.parse(new TextDecoder().decode((await kv.get(fresh[0]))!)).client;
  }

  it("two deployments hash the same IP differently", async () => {
    expect(await clientOf("deploy-a")).not.toBe(await clientOf("deploy-b"));
  });
  it("two instances of one deployment agree, through the key stored for that deployment", async () => {
    const first = await clientOf("deploy-c");
    expect(await clientOf("deploy-c")).toBe(first);
    const key = await usageStore(blobs.config).get(hashKeyBlob("deploy-c"));
    expect(key?.byteLength).toBe(32);
    expect(await hashClient(key!, new Date().toISOString().slice(0, 7), IP)).toBe(first);
  });
  it("with the secret, deployments agree and no key is stored", async () => {
    expect(await clientOf("deploy-d", "shared-secret")).toBe(await clientOf("deploy-e", "shared-secret"));
    const stored = [...(await dump(usageStore(blobs.config))).keys()];
    expect(stored.filter((k) => k.startsWith("hash-keys/deploy-d") || k.startsWith("hash-keys/deploy-e"))).toEqual([]);
  });
  it("keys are random: two fresh deployments' keys differ", async () => {
    const kv = usageStore(blobs.config);
    const a = await deploymentSecret(undefined, kv, "fresh-1");
    const b = await deploymentSecret(undefined, kv, "fresh-2");
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(await deploymentSecret(undefined, kv, "fresh-1")).equals(Buffer.from(a))).toBe(true);
  });
  it("the raw IP is in no stored blob", async () => {
    for (const text of (await dump(usageStore(blobs.config))).values()) expect(text).not.toContain(IP);
  });
});
