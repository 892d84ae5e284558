/**
 * Signed session ids (src/usage/session.ts): what is minted reads back, and any change to any part,
 * another key, or input that is oversize or not an id at all reads as nothing, never as an error.
 */
import { describe, expect, it } from "vitest";
import { mintSessionId, readSessionId, SESSION_ID_MAX_CHARS, sessionKey } from "../../src/usage/session.ts";

const secret = (s: string) => new TextEncoder().encode(s);
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** `text` with its character at `i` replaced by another of the base64url alphabet. */
const flip = (text: string, i: number) => text.slice(0, i) + (text[i] === "A" ? "B" : "A") + text.slice(i + 1);

describe("session ids", () => {
  it("round trip: the agent comes back, and the id is compact visible ASCII", async () => {
    const k = await sessionKey(secret("s"));
    for (const agent of ["mcp-remote/0.15.1", "Claude (via mcp-remote 0.15.1)/0.1.0", "クロード/1", "x".repeat(120)]) {
      const id = await mintSessionId(k, agent);
      expect(id).toMatch(VISIBLE_ASCII);
      expect(id.split(".")).toHaveLength(3);
      expect(id.length).toBeLessThanOrEqual(SESSION_ID_MAX_CHARS);
      expect(await readSessionId(k, id)).toBe(agent);
    }
    // A short name gives a short id: key id, name, signature.
    expect((await mintSessionId(k, "cursor/1.2")).length).toBe(8 + 1 + 14 + 1 + 22);
  });

  it("the same secret gives the same key (any isolate verifies any other's ids); another secret another key id", async () => {
    const a = await sessionKey(secret("s"));
    const b = await sessionKey(secret("s"));
    const other = await sessionKey(secret("t"));
    expect(b.id).toBe(a.id);
    expect(other.id).not.toBe(a.id);
    expect(await readSessionId(b, await mintSessionId(a, "cursor/1"))).toBe("cursor/1");
  });

  it("a change to any character of any part reads as nothing", async () => {
    const k = await sessionKey(secret("s"));
    const id = await mintSessionId(k, "inspector/0.17.0");
    const [kid, payload, sig] = id.split(".");
    const starts = { kid: 0, payload: kid.length + 1, sig: kid.length + payload.length + 2 };
    for (const [part, len] of [
      ["kid", kid.length],
      ["payload", payload.length],
      ["sig", sig.length],
    ] as const) {
      for (let i = 0; i < len; i++) {
        expect(await readSessionId(k, flip(id, starts[part] + i)), `${part}[${i}]`).toBeUndefined();
      }
    }
  });

  it("another agent's payload under this id's signature, or the parts swapped, read as nothing", async () => {
    const k = await sessionKey(secret("s"));
    const [kid, , sig] = (await mintSessionId(k, "cursor/1")).split(".");
    const [, payload] = (await mintSessionId(k, "claude-code/2")).split(".");
    expect(await readSessionId(k, `${kid}.${payload}.${sig}`)).toBeUndefined();
    expect(await readSessionId(k, `${sig}.${payload}.${kid}`)).toBeUndefined();
  });

  it("an id another key signed reads as nothing, even with this key's id put in front", async () => {
    const k = await sessionKey(secret("s"));
    const other = await sessionKey(secret("t"));
    const foreign = await mintSessionId(other, "cursor/1");
    expect(await readSessionId(k, foreign)).toBeUndefined();
    expect(await readSessionId(k, `${k.id}${foreign.slice(other.id.length)}`)).toBeUndefined();
  });

  it("absent, empty, oversize, garbage and non-canonical input read as nothing and never throw", async () => {
    const k = await sessionKey(secret("s"));
    const id = await mintSessionId(k, "cursor/1");
    const [kid, payload, sig] = id.split(".");
    const cases = [
      undefined,
      null,
      "",
      "stale",
      "abc",
      "....",
      `${id}.`,
      `.${id}`,
      ` ${id}`,
      `${id}\n`,
      id.replace(/\./g, ":"),
      `${kid}.${payload}=.${sig}`,
      `${kid}..${sig}`,
      `${kid}.A.${sig}`, // one base64 character is no byte
      `${kid}.${"A".repeat(641)}.${sig}`,
      `${kid}.${payload}.${sig}A`,
      `${kid}.${payload}.${sig.slice(1)}`,
      "x".repeat(SESSION_ID_MAX_CHARS + 1),
      "a".repeat(1_000_000),
      "\u0000\u0001",
      "💥.💥.💥",
      crypto.randomUUID(),
    ];
    for (const c of cases) expect(await readSessionId(k, c), JSON.stringify(c)?.slice(0, 40)).toBeUndefined();
  });

  it("a payload that is not UTF-8, even correctly signed, reads as nothing", async () => {
    // Signed as the minting code would sign it, over bytes that are not UTF-8.
    const k = await sessionKey(secret("s"));
    const payload = btoa(String.fromCharCode(0xff, 0xfe, 0x80)).replace(/=+$/, "");
    const signed = `${k.id}.${payload}`;
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", k.key, new TextEncoder().encode(signed)));
    const sig = btoa(String.fromCharCode(...mac.slice(0, 16)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(await readSessionId(k, `${signed}.${sig}`)).toBeUndefined();
    // The same construction over UTF-8 bytes does read: the test above fails for the encoding only.
    const good = `${k.id}.${btoa("ok/1").replace(/=+$/, "")}`;
    const goodMac = new Uint8Array(await crypto.subtle.sign("HMAC", k.key, new TextEncoder().encode(good)));
    const goodSig = btoa(String.fromCharCode(...goodMac.slice(0, 16)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(await readSessionId(k, `${good}.${goodSig}`)).toBe("ok/1");
  });
});
