/**
 * The registry item of every fixture version: the stored bytes, the version rule (active by default,
 * an explicit version exactly, hidden versions never), the pinned packages, the tokens' values as
 * theme_css gives them, and the identity the CLI shows. Each expectation is read off the fixture or
 * the copy it must equal (theme_css, the shadcn/ui recipe's text), not off the builder's own helpers.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PACKAGE_VERSIONS } from "../../../generated/package-versions.ts";
import { DESIGN_CONSTRAINTS, usageRules } from "../../../src/components/rules.ts";
import { RECIPES } from "../../../src/theme/recipes.ts";
import { fixture, fixtures } from "../../helpers/components.ts";
import { cssRules } from "../../helpers/css.ts";
import { testApp } from "../../helpers/app.ts";
import { getJson, ORIGIN, registry } from "./helpers.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const handle = registry();
const nameOf = (slug: string) => slug.slice(slug.lastIndexOf("/") + 1);

/** Every visible version of every fixture: [fixture name, version id, its bytes]. */
const versions = fixtures.flatMap((f) =>
  f.code
    .filter((c) => !f.index.versions.find((v) => v.versionId === c.versionId)?.hiddenAt)
    .map((c) => ({ f, name: nameOf(f.entry.slug), versionId: c.versionId, bytes: c.bytes })),
);

describe("a registry item per component version", () => {
  it("covers every visible fixture version (55)", () => {
    expect(versions).toHaveLength(55);
  });

  it.each(versions.map((v) => [`${v.name}?version=${v.versionId}`, v] as const))(
    "%s: one registry:component file whose content is the stored bytes, under the components alias",
    async (_, { f, name, versionId, bytes }) => {
      const { status, body } = await getJson(handle, `/r/${name}.json?version=${versionId}`);
      expect(status).toBe(200);
      expect(body.$schema).toBe("https://ui.shadcn.com/schema/registry-item.json");
      expect(body).toMatchObject({ name, type: "registry:component" });
      expect(body.files).toHaveLength(1);
      const [file] = body.files;
      expect(file).toMatchObject({
        type: "registry:component",
        path: `patttterns/${name}.tsx`,
        target: `@components/patttterns/${name}.tsx`,
      });
      expect(new TextEncoder().encode(file.content)).toEqual(bytes);
      expect(body.meta).toEqual({
        pattern_id: f.entry.id,
        catalog_number: `#${f.entry.catalogNumber}`,
        version_id: versionId,
        sha256: sha256(bytes),
        url: `https://patttterns.com${f.entry.slug}`,
        item_url: `${ORIGIN}/r/${name}.json?version=${versionId}`,
        theme: "patttterns",
      });
    },
  );

  it("keeps a BOM, CRLF line ends, U+2028 and </script> as stored", async () => {
    const cases = [
      ["breadcrumbs", "seed", (t: string) => t.startsWith("\uFEFF")],
      ["tabs", "seed", (t: string) => t.includes("\r\n")],
      ["tooltip", "v1", (t: string) => t.includes("\u2028")],
      ["command-palette", "seed", (t: string) => t.includes("</script>")],
    ] as const;
    for (const [name, v, holds] of cases) {
      const { body } = await getJson(handle, `/r/${name}.json?version=${v}`);
      expect(holds(body.files[0].content), `${name} ${v}`).toBe(true);
    }
  });
});

describe("versions", () => {
  it("without one: the active version, which is not always the highest", async () => {
    const behind = fixtures.filter((f) => f.index.activeVersionId !== f.code.at(-1)!.versionId);
    expect(behind.length).toBeGreaterThanOrEqual(9);
    for (const f of behind) {
      const { body } = await getJson(handle, `/r/${nameOf(f.entry.slug)}.json`);
      expect(body.meta.version_id, f.name).toBe(f.index.activeVersionId);
      expect(body.meta.item_url).toBe(`${ORIGIN}/r/${nameOf(f.entry.slug)}.json?version=${f.index.activeVersionId}`);
    }
  });

  it('"active", and a version id in any case with spaces, read as get_component reads them', async () => {
    expect((await getJson(handle, "/r/date-picker.json?version=active")).body.meta.version_id).toBe("v1");
    expect((await getJson(handle, "/r/date-picker.json?version=%20V2%20")).body.meta.version_id).toBe("v2");
  });

  it("a hidden version is never served nor listed: 404 naming the visible ones", async () => {
    const hidden = fixture("ai-chat-composer").index.versions.find((v) => v.hiddenAt)!.versionId;
    const { status, body } = await getJson(handle, `/r/ai-chat-composer.json?version=${hidden}`);
    expect(status).toBe(404);
    expect(body.error).toBe("version_not_found");
    expect(body.available_versions).toEqual(["seed", "v1", "v2"]);
    expect(body.active_version_id).toBe("v2");
    expect(body.message).toContain("?version=");
  });

  it("a version that does not exist is a 404 with what to ask for, never a substitute", async () => {
    for (const v of ["v9", "v0", "latest", "v1.0", "../seed", "seed.tsx"]) {
      const { status, body } = await getJson(handle, `/r/date-picker.json?version=${encodeURIComponent(v)}`);
      expect(status, v).toBe(404);
      expect(body.error).toBe("version_not_found");
      expect(body.message).toMatch(/Ask for one of seed, v1, v2 .*the active one, v1\./);
      expect(body.files).toBeUndefined();
    }
  });
});

describe("dependencies", () => {
  it.each(versions.map((v) => [`${v.name} ${v.versionId}`, v] as const))(
    "%s: the packages get_component pins (dependency_versions), each name@range, React left to the project",
    async (_, { name, versionId, bytes }) => {
      const { body } = await getJson(handle, `/r/${name}.json?version=${versionId}`);
      const rules = usageRules(decode(bytes));
      const expected = rules.dependencies
        .filter((d) => d !== "react" && d !== "react-dom")
        .map((d) => (rules.dependency_versions[d] ? `${d}@${rules.dependency_versions[d]}` : d));
      expect(body.dependencies).toEqual(expected);
    },
  );

  it("pins lucide-react and framer-motion at the lockfile's ranges", async () => {
    const motion = await getJson(handle, "/r/bottom-sheet.json");
    expect(motion.body.dependencies).toContain(`framer-motion@${PACKAGE_VERSIONS["framer-motion"]}`);
    expect(motion.body.dependencies).toContain(`lucide-react@${PACKAGE_VERSIONS["lucide-react"]}`);
    expect(PACKAGE_VERSIONS["framer-motion"]).toMatch(/^\^\d+\.\d+\.\d+$/);
  });
});

/** theme_css's values: `:root` for light, then `.dark` over it, as a browser resolves them. */
function themeCssValues(css: string) {
  const rules = cssRules(css).filter((r) => !r.media);
  const light = Object.fromEntries(rules.find((r) => r.selectors.join() === ":root")!.declarations);
  const dark = Object.fromEntries(rules.find((r) => r.selectors.includes(".dark"))?.declarations ?? []);
  return { light, dark };
}

const prefixed = (vars: Record<string, string>) =>
  Object.fromEntries(Object.entries(vars).map(([k, v]) => [`--${k}`, v]));

describe("cssVars", () => {
  it.each(versions.map((v) => [`${v.name} ${v.versionId}`, v] as const))(
    "%s: light and dark hold exactly theme_css's values for the tokens the code uses",
    async (_, { name, versionId, bytes }) => {
      const { body } = await getJson(handle, `/r/${name}.json?version=${versionId}`);
      const rules = usageRules(decode(bytes));
      const css = themeCssValues(rules.theme_css);
      expect(Object.keys(body.cssVars).sort()).toEqual(["dark", "light"]);
      expect(prefixed(body.cssVars.light)).toEqual(css.light);
      expect(prefixed(body.cssVars.dark)).toEqual(css.dark);
      expect(Object.keys(css.light).sort()).toEqual([...rules.required_css_variables].sort());
      for (const key of Object.keys(body.cssVars.light)) expect(key).toMatch(/^ui-[a-z0-9-]+$/);
    },
  );

  it("?theme=shadcn points each token shadcn/ui has a variable for at it, as the tokens resource's recipe does", async () => {
    const recipe = cssRules(RECIPES.find((r) => r.name === "shadcn/ui")!.css);
    const root = recipe.find((r) => r.selectors.join() === ":root")!.declarations;
    const darkRule = recipe.find((r) => r.selectors.includes(".dark"))!.declarations;
    for (const { name, versionId, bytes } of versions) {
      const { status, body } = await getJson(handle, `/r/${name}.json?version=${versionId}&theme=shadcn`);
      expect(status).toBe(200);
      const used = usageRules(decode(bytes)).required_css_variables;
      const light = prefixed(body.cssVars.light);
      expect(Object.keys(light).sort()).toEqual([...used].sort());
      for (const t of used) expect(light[t], `${name} ${t}`).toBe(root.get(t));
      const dark = prefixed(body.cssVars.dark);
      expect(dark).toEqual(Object.fromEntries(used.filter((t) => darkRule.has(t)).map((t) => [t, darkRule.get(t)])));
      expect(body.meta.theme).toBe("shadcn");
      expect(body.meta.item_url).toBe(`${ORIGIN}/r/${name}.json?version=${versionId}&theme=shadcn`);
      expect(new TextEncoder().encode(body.files[0].content)).toEqual(bytes);
    }
    expect(root.get("--ui-accent")).toBe("var(--primary)");
  });
});

describe("identity and docs", () => {
  it("title, description and categories from the catalog; the docs carry the usage rules and validate_component", async () => {
    const f = fixture("date-picker");
    const { body } = await getJson(handle, "/r/date-picker.json");
    expect(body.title).toBe(f.entry.title);
    expect(body.description).toBe(f.entry.description);
    expect(body.categories).toEqual(f.entry.tags);
    for (const c of DESIGN_CONSTRAINTS.filter((c) => !c.includes("theme_css"))) expect(body.docs).toContain(c);
    expect(body.docs).not.toContain("theme_css");
    expect(body.docs).toContain("--ui-*");
    expect(body.docs).toContain(`validate_component on the PATTTTERNS MCP server (${ORIGIN}/mcp)`);
    expect(body.docs).toContain('pattern_id "#77", version_id "v1"');
    expect(body.docs).toContain("Tailwind CSS ^3.0.0 || ^4.0.0");
  });

  it("pattern URLs come from SITE_URL, the item's own URLs from the request's origin", async () => {
    const staging = registry({ env: { SITE_URL: "https://staging.patttterns.com" } });
    const res = await staging(new Request("https://deploy-preview-9--patttterns.netlify.app/r/tabs.json?version=seed"));
    const body = await res.json();
    expect(body.meta.url).toBe("https://staging.patttterns.com/ui-components/tabs");
    expect(body.meta.item_url).toBe("https://deploy-preview-9--patttterns.netlify.app/r/tabs.json?version=seed");
    expect(body.docs).toContain("https://deploy-preview-9--patttterns.netlify.app/mcp");
  });
});

describe("get_component's shadcn command", () => {
  const app = testApp();
  /** get_component of a version through the endpoint on ORIGIN. */
  const getComponent = async (pattern_id: string, version_id: string) => {
    const res = await app.handle(
      new Request(`${ORIGIN}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "get_component", arguments: { pattern_id, version_id } },
        }),
      }),
    );
    return JSON.parse((await res.json()).result.content[0].text);
  };

  it.each(versions.map((v) => [`${v.name} ${v.versionId}`, v] as const))(
    "%s: names this registry's item of the same version, whose file is the code it served",
    async (_, { f, versionId }) => {
      const payload = await getComponent(f.entry.id, versionId);
      const m = /^npx shadcn@latest add "([^"]+)"$/.exec(payload.usage_rules.shadcn_add);
      expect(m?.[1].startsWith(`${ORIGIN}/r/`)).toBe(true);
      const { status, body } = await getJson(handle, m![1].slice(ORIGIN.length));
      expect(status).toBe(200);
      expect(body.meta).toMatchObject({
        pattern_id: f.entry.id,
        version_id: versionId,
        sha256: payload.metadata.sha256,
      });
      expect(body.files[0].content).toBe(payload.component_code);
    },
  );
});
