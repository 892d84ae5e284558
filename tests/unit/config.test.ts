/**
 * The configuration module (src/config.ts): every variable it reads is in the README's
 * Configuration tables with its default, each default is what an unset variable gives, and a value
 * that does not read as its type fails loudly, naming the variable.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../scripts/lib/repo-root.ts";
import { DEFAULTS, ENV_NAMES, readConfig } from "../../src/config.ts";

/** The README's Configuration section: each table row's variables (a row may name several) and its default cell. */
function readmeRows(): { names: string[]; defaults: string }[] {
  const readme = readFileSync(`${ROOT}/README.md`, "utf8");
  const section = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
  );
  return section
    .split("\n")
    .filter((l) => l.startsWith("| `"))
    .map((l) => {
      const [names, defaults] = l.split("|").slice(1, 3);
      return { names: [...names.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]), defaults: defaults.trim() };
    });
}

describe("src/config.ts and the README's Configuration tables", () => {
  const rows = readmeRows();

  it("list exactly the variables the schema reads", () => {
    expect(rows.flatMap((r) => r.names).sort()).toEqual([...ENV_NAMES].sort());
  });

  it("show each default as the module holds it, and none where it holds none", () => {
    for (const { names, defaults } of rows) {
      for (const name of names) {
        const held = (DEFAULTS as Record<string, string | number>)[name];
        if (held === undefined) expect(defaults, name).toMatch(/^—/);
        else expect(defaults, name).toBe(`\`${held}\``);
      }
    }
  });

  it("each default is what the variable's absence gives", () => {
    const unset = readConfig({});
    for (const [name, value] of Object.entries(DEFAULTS)) {
      expect(readConfig({ [name]: String(value) }), name).toEqual(unset);
    }
  });
});

describe("readConfig", () => {
  it("reads typed values, and empty values as unset", () => {
    const c = readConfig({
      COMPONENTS_DEADLINE_MS: "300",
      COMPONENTS_INDEX_TTL_MS: "0",
      ALLOWED_ORIGINS: "https://a.test, https://b.test/",
      SITE_URL: "",
      URL: "https://site.netlify.app/",
      ENABLE_AI_CHAT: "true",
    });
    expect(c.components.deadlineMs).toBe(300);
    expect(c.components.indexTtlMs).toBe(0);
    expect(c.allowedOrigins).toEqual(["https://a.test", "https://b.test/"]);
    expect(c.siteUrl).toBe(DEFAULTS.SITE_URL);
    expect(c.ownOrigins).toEqual(["https://site.netlify.app"]);
    // AI chat needs its key too.
    expect(c.chatbot.aiEnabled).toBe(false);
    expect(readConfig({ ENABLE_AI_CHAT: "true", GEMINI_API_KEY: "k" }).chatbot.aiEnabled).toBe(true);
  });

  it("takes Blobs credentials only as a pair", () => {
    expect(readConfig({ NETLIFY_SITE_ID: "s" }).blobs).toBeUndefined();
    expect(readConfig({ NETLIFY_SITE_ID: "s", NETLIFY_BLOBS_TOKEN: "t" }).blobs).toEqual({
      siteID: "s",
      token: "t",
      apiURL: undefined,
    });
  });

  it.each([
    [{ COMPONENTS_DEADLINE_MS: "3s" }, "COMPONENTS_DEADLINE_MS must be a whole number"],
    [{ COMPONENTS_DEADLINE_MS: "0" }, "COMPONENTS_DEADLINE_MS must be a whole number of at least 1"],
    [{ COMPONENTS_INDEX_TTL_MS: "-5" }, "COMPONENTS_INDEX_TTL_MS must be a whole number of at least 0"],
    [{ SITE_URL: "patttterns.com" }, "SITE_URL must be an absolute http(s) URL"],
    [{ CHATBOT_MCP_URL: "http://[broken/mcp" }, "CHATBOT_MCP_URL must be an absolute http(s) URL"],
    [{ ENABLE_AI_CHAT: "yes" }, 'ENABLE_AI_CHAT must be "true" or "false"'],
    [{ PORT: "-1" }, "PORT must be a whole number"],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
