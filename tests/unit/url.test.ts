import { describe, expect, it } from "vitest";
import { createOriginPolicy, ownedBy, urlHostname, urlOrigin, urlPathname } from "../../src/http/index.ts";

// Request.url as runtimes serialize it: the slices must agree with the URL parser on every shape.
const urls = [
  "http://127.0.0.1:8888/mcp",
  "https://patttterns.com/mcp?x=1#y",
  "http://localhost/.well-known/mcp/server-card.json",
  "http://[::1]:3000/mcp",
  "http://[::1]/",
  "https://example.com",
  "https://example.com?q=/mcp",
  "https://example.com#/mcp",
  "http://127.0.0.1:9/mcp/../x",
  "https://xn--bcher-kva.example/a%20b/c?d#e",
  "HTTPS://PATTTTERNS.com:443/mcp",
  "http://Localhost:80/r/date-picker.json?version=v1",
];

describe("urlHostname / urlOrigin / urlPathname", () => {
  for (const raw of urls) {
    const canonical = new Request(raw).url;
    it(`match the URL parser for ${canonical}`, () => {
      const u = new URL(canonical);
      expect(urlHostname(canonical)).toBe(u.hostname);
      expect(urlOrigin(canonical)).toBe(u.origin);
      expect(urlPathname(canonical)).toBe(u.pathname);
    });
  }
});

describe("hostAllowed: the loopback fast path agrees with the URL parser", () => {
  const policy = createOriginPolicy("https://patttterns.com");
  // What the policy decided before the fast path: parse the Host as a URL authority.
  const parsed = (host: string) => {
    try {
      return ["localhost", "127.0.0.1", "[::1]", "::1"].includes(new URL(`http://${host}`).hostname);
    } catch {
      return false;
    }
  };
  const hosts = [
    "localhost",
    "localhost:8888",
    "LOCALHOST:1",
    "127.0.0.1",
    "127.0.0.1:65535",
    "127.0.0.1:65536",
    "localhost:99999",
    "[::1]",
    "[::1]:3000",
    "127.1",
    "0x7f.0.0.1",
    "127.0.0.1.nip.io",
    "localhost.evil.com",
    "evil.com",
    "evil.com:80",
    "localhost:",
    "localhost:80x",
    "user@localhost",
    "[::1",
    "",
  ];
  for (const host of hosts) {
    it(`Host ${JSON.stringify(host)}`, () => {
      expect(policy.hostAllowed("http://127.0.0.1:8888/mcp", host)).toBe(parsed(host));
    });
  }
});

describe("ownedBy: where a deployment may send its own requests", () => {
  // As the edge adapter builds it on Netlify: the site's URL, and its name from the context.
  const own = ownedBy(["https://patttterns.com"], "patttterns");

  it.each([
    "https://patttterns.com",
    "https://patttterns.netlify.app",
    "https://deploy-preview-42--patttterns.netlify.app",
    "https://main--patttterns.netlify.app",
    "https://6752f0c1a2b3c4d5e6f70819--patttterns.netlify.app",
    "http://127.0.0.1:8888",
    "http://localhost:9999",
    "http://[::1]:8888",
  ])("takes %s", (origin) => {
    expect(own(origin)).toBe(true);
  });

  it.each([
    "https://evil.example",
    "https://patttterns.com.evil.example",
    "https://patttterns.netlify.app.evil.example",
    "https://deploy-preview-42--other.netlify.app",
    "https://other.netlify.app",
    "https://a.b--patttterns.netlify.app",
    "http://deploy-preview-42--patttterns.netlify.app",
    "https://patttterns.netlify.app:8443",
    "https://patttterns.com/mcp",
    "*",
    "not a url",
  ])("refuses %s", (origin) => {
    expect(own(origin)).toBe(false);
  });

  it("without a site name, only the URLs given and loopback", () => {
    const bare = ownedBy(["https://patttterns.com", "https://deploy-preview-1--x.netlify.app/"]);
    expect(bare("https://deploy-preview-1--x.netlify.app")).toBe(true);
    expect(bare("https://main--x.netlify.app")).toBe(false);
    expect(bare("http://127.0.0.1:8888")).toBe(true);
  });
});
