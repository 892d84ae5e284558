/**
 * Private data in usage: client hashes cannot be reversed over IPv4 without the secret,
 * and no raw IP or author e-mail reaches the stored events, the monthly blob or any report format.
 *
 * The argument, measured below: the client hash is HMAC-SHA-256(HMAC(secret, month), ip). IPv4 has
 * only 2^32 addresses, so WITH the key an attacker recovers any IP by enumeration (we time it); the
 * only barrier is the key. Without it, HMAC is a pseudo-random function: every guessed key yields
 * unrelated outputs, so enumeration finds nothing, and guessing a 256-bit secret is 2^256 work.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { USAGE_STORE } from "../../../src/usage/event.ts";
import { foldMonth } from "../../../src/usage/fold.ts";
import { hashClient, hashKeyBlob } from "../../../src/usage/hash.ts";
import { renderHtml } from "../../../scripts/ops/usage-report/html.ts";
import { readConfig } from "../../../src/config.ts";
import { createUsageRecorder, usageRecorder } from "../../../src/usage/recorder.ts";
import { buildReport, renderText } from "../../../scripts/ops/usage-report/report.ts";
import { openStore } from "../../../src/storage/blobs.ts";
import { fixtures, testApp } from "../../helpers/app.ts";
import { type RecordingBlobs, startRecordingBlobs } from "../../helpers/recording-blobs.ts";
import { toolCall, toRequest } from "./arbitraries.ts";
import { AUTHOR_EMAILS } from "./check.ts";

const MONTH = "2026-11";
const VICTIM = "203.0.113.77";

/** The attacker's fast path: node:crypto, month key computed once. Checked equal to hashClient below. */
const fastHash = (key: Buffer, ip: string) => createHmac("sha256", key).update(ip).digest("hex").slice(0, 32);
const monthKeyFor = (secret: Buffer | string) => createHmac("sha256", secret).update(`usage-client:${MONTH}`).digest();

/** Enumerates a.b.0.0/16 (65,536 addresses) for an IP whose hash under `key` is `target`. */
function enumerate16(prefix: string, key: Buffer, target: string): string | null {
  for (let c = 0; c < 256; c++)
    for (let d = 0; d < 256; d++) {
      const ip = `${prefix}.${c}.${d}`;
      if (fastHash(key, ip) === target) return ip;
    }
  return null;
}

describe("keyed IP hashes cannot be brute-forced over IPv4 without the secret", () => {
  const secret = randomBytes(32);
  let target: string;
  beforeAll(async () => {
    target = await hashClient(new Uint8Array(secret), MONTH, VICTIM);
  });

  it("the attacker's fast path computes exactly hashClient (so the enumeration below is a fair test)", async () => {
    for (const ip of [VICTIM, "10.0.0.1", "2001:db8::1"])
      expect(fastHash(monthKeyFor(secret), ip)).toBe(await hashClient(new Uint8Array(secret), MONTH, ip));
  });

  it("the hash depends on the secret: same IP and month, another secret, another hash", async () => {
    const other = await hashClient(new Uint8Array(randomBytes(32)), MONTH, VICTIM);
    expect(other).not.toBe(target);
  });

  it("with the key, enumerating the victim's /16 finds the IP (positive control); the full IPv4 cost is measured", () => {
    const t0 = performance.now();
    expect(enumerate16("203.0", monthKeyFor(secret), target)).toBe(VICTIM);
    const perHash = (performance.now() - t0) / 65_536;
    console.info(
      `[privacy] ${(1000 / perHash).toFixed(0)} HMACs/s on one core: all of IPv4 with the key ≈ ${((2 ** 32 * perHash) / 60_000).toFixed(0)} min`,
    );
  });

  it("without the key, the same enumeration under every guessable key (and unkeyed hashes) finds nothing", () => {
    const zero = monthKeyFor(Buffer.alloc(32));
    const guesses: [string, (ip: string) => string][] = [
      ...["", "secret", "patttterns", "patttterns-mcp", "usage", MONTH, `usage-client:${MONTH}`, "unknown", "load"].map(
        (g) => {
          const key = monthKeyFor(g);
          return [`HMAC under month key of "${g}"`, (ip: string) => fastHash(key, ip)] as [
            string,
            (ip: string) => string,
          ];
        },
      ),
      ["HMAC(month, ip)", (ip) => createHmac("sha256", MONTH).update(ip).digest("hex").slice(0, 32)],
      ["SHA-256(ip)", (ip) => createHash("sha256").update(ip).digest("hex").slice(0, 32)],
      [
        "SHA-256(month + ip)",
        (ip) =>
          createHash("sha256")
            .update(MONTH + ip)
            .digest("hex")
            .slice(0, 32),
      ],
      ["zero key", (ip) => fastHash(zero, ip)],
    ];
    for (const [name, h] of guesses) {
      let hit: string | null = null;
      // 203.0.64.0/18 (16,384 addresses, the victim's among them) per guess keeps the test quick.
      for (let c = 64; c < 128 && !hit; c++)
        for (let d = 0; d < 256; d++) if (h(`203.0.${c}.${d}`) === target) hit = `203.0.${c}.${d}`;
      expect(hit, name).toBeNull();
    }
  });
});

describe("no raw IP or author e-mail in stored usage data or any report", () => {
  let blobs: RecordingBlobs;
  beforeAll(async () => {
    blobs = await startRecordingBlobs([]);
  });
  afterAll(() => blobs?.stop());

  it("events, the monthly blob, and the text, JSON and HTML reports carry neither", async () => {
    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const IPS = [VICTIM, "2001:db8::77"];
      const app = testApp({
        usage: usageRecorder(readConfig({ USAGE_HASH_SECRET: randomBytes(32).toString("hex") }), blobs.config),
      });
      for (const ip of IPS) {
        for (const f of fixtures) {
          await app.handle(toRequest(toolCall("get_component", { pattern_id: f.entry.id }, true)), { ip });
          await app.handle(toRequest(toolCall("get_pattern", { pattern_id: f.entry.id }, false)), { ip });
        }
      }
      // The one place the raw IP may appear is the [mcp-usage] log line (for short-lived ops review).
      expect(logs.mock.calls.some((c) => String(c[0]).includes(VICTIM))).toBe(true);

      const kv = openStore(USAGE_STORE, { config: blobs.config });
      const { monthly } = await foldMonth(kv, new Date().toISOString().slice(0, 7));
      expect(monthly.tool_calls).toBe(IPS.length * fixtures.length * 2);
      expect(Object.keys(monthly.by_client)).toHaveLength(IPS.length);
      const report = buildReport(monthly);
      const texts = [JSON.stringify(report), renderText(report), renderHtml(report)];
      for (const key of await kv.list()) texts.push(new TextDecoder().decode((await kv.get(key))!));
      expect(texts.length).toBeGreaterThan(IPS.length * fixtures.length * 2);
      for (const t of texts) {
        for (const ip of IPS) expect(t).not.toContain(ip);
        for (const e of AUTHOR_EMAILS) expect(t).not.toContain(e);
      }
    } finally {
      logs.mockRestore();
    }
  });

  it("documented risk: without USAGE_HASH_SECRET the random key sits in the usage store, so store readers can reverse hashes", async () => {
    const kv = openStore(USAGE_STORE, { config: blobs.config });
    const recorder = createUsageRecorder({ open: () => kv, log: () => {} });
    const app = testApp({ usage: recorder });
    const month = new Date().toISOString().slice(0, 7);
    const before = new Set(await kv.list(`events/${month}/`));
    await app.handle(toRequest(toolCall("list_categories", {}, true)), { ip: VICTIM, deployId: "no-secret" });
    const events = (await kv.list(`events/${month}/`)).filter((k) => !before.has(k));
    expect(events).toHaveLength(1);
    const clients = await Promise.all(
      events.map(async (k) => JSON.parse(new TextDecoder().decode((await kv.get(k))!)).client as string),
    );
    const key = Buffer.from((await kv.get(hashKeyBlob("no-secret")))!);
    const monthKey = createHmac("sha256", key).update(`usage-client:${month}`).digest();
    // Anyone who can list the events can also read this key: the enumeration then succeeds.
    const recovered = clients.map((c) => enumerate16("203.0", monthKey, c)).filter(Boolean);
    expect(recovered).toContain(VICTIM);
  });
});
