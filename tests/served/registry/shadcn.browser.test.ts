/**
 * The registry as the shadcn ecosystem uses it, with the real tools: the shadcn CLI and the shadcn MCP
 * server (the `shadcn` package pinned in devDependencies, run from this repo's node_modules as `npx`
 * would) against `npm start`, in a scratch React + Tailwind CSS v4 + Vite project created from packages
 * in a temporary directory (tests/helpers/scratch-app.ts).
 *
 * One `shadcn add` installs three items: #77 (active version) by the `@patttterns` namespace of
 * `components.json`, #57 by URL with `?version=seed`, and #41, whose code imports framer-motion. Then:
 * the written files are the store's bytes (read from fixtures/components, which `npm start` seeds),
 * package.json gains the pinned packages, the CSS file holds the tokens with theme_css's values,
 * `vite build` succeeds, and Chromium renders each installed component exactly as the same code
 * pasted with theme_css, pixel for pixel, light and dark. The MCP server lists, searches (with our
 * ranking) and views the items.
 *
 * The one thing outside our control: the CLI reads `${REGISTRY_URL}/colors/<baseColor>.json` from
 * shadcn's own registry even for a third-party item. REGISTRY_URL points at a local stand-in serving
 * that one file (serveBaseColor); everything else is real. Packages come from npm (from its cache
 * when it has them).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { launchChromium } from "../../../scripts/dev/chromium.ts";
import { rpc } from "../../../scripts/dev/preview-harness.ts";
import { loadFixtures } from "../../../scripts/lib/fixtures.ts";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { PACKAGE_VERSIONS } from "../../../generated/package-versions.ts";
import { cssRules } from "../../helpers/css.ts";
import { createScratchApp, run, type Served, scratchEnv, serveBaseColor, serveDir } from "../../helpers/scratch-app.ts";

/** The registry under test: `npm start`'s origin for this run. */
const ORIGIN: string = inject("servedUrl");

/** The CLI's bin in this repo's node_modules (what `npx shadcn` runs here), run with this Node. */
const SHADCN_DIR = join(ROOT, "node_modules/shadcn");
const SHADCN = join(SHADCN_DIR, JSON.parse(await readFile(join(SHADCN_DIR, "package.json"), "utf8")).bin);

const fixtures = await loadFixtures();
const byNumber = (n: number) => fixtures.find((f) => f.entry.catalogNumber === n)!;

interface Install {
  /** The item's name: the last segment of the pattern's slug. */
  name: string;
  patternId: string;
  /** What `shadcn add` is given. */
  arg: string;
  versionId: string;
  /** The store's bytes of that version. */
  bytes: Uint8Array;
}

function install(catalogNumber: number, how: "namespace" | "url", version?: string): Install {
  const f = byNumber(catalogNumber);
  const versionId = version ?? f.index.activeVersionId;
  const query = version ? `?version=${version}` : "";
  return {
    name: f.name,
    patternId: f.entry.id,
    arg: how === "namespace" ? `@patttterns/${f.name}` : `${ORIGIN}/r/${f.name}.json${query}`,
    versionId,
    bytes: f.code.find((c) => c.versionId === versionId)!.bytes,
  };
}

const INSTALLS = [install(77, "namespace"), install(57, "url", "seed"), install(41, "url")];
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** The packages a component's code imports, beside React (which the project already has). */
const imports = (code: string) =>
  [...code.matchAll(/from\s+"([^"./][^"]*)"/g)].map((m) => m[1]).filter((p) => !p.startsWith("react"));

/** What a developer pasting the code reads from get_component: the code and its theme_css. */
async function getComponent(i: Install): Promise<{ code: string; themeCss: string }> {
  const reply = await rpc(`${ORIGIN}/mcp`, "legacy", "tools/call", {
    name: "get_component",
    arguments: { pattern_id: i.patternId, version_id: i.versionId },
  });
  const payload = JSON.parse(reply.result.content[0].text);
  return { code: payload.component_code, themeCss: payload.usage_rules.theme_css };
}

/** Whether `version` is in `range`, a caret range (`^1.73.0`), the only form the catalog pins with. */
function satisfiesCaret(version: string, range: string): boolean {
  const [v, r] = [version, range.replace(/^\^/, "")].map((s) => s.split(".").map(Number));
  if (!range.startsWith("^") || v[0] !== r[0]) return false;
  for (let k = 1; k < 3; k++) if (v[k] !== r[k]) return v[k] > r[k];
  return true;
}

/** The `--ui-*` declarations of the top-level rule whose selectors include `selector`. */
const tokensOf = (css: string, selector: string) =>
  Object.fromEntries(
    cssRules(css)
      .filter((r) => !r.media && r.selectors.includes(selector))
      .flatMap((r) => [...r.declarations].filter(([k]) => k.startsWith("--ui-"))),
  );

/** Timings of each phase, printed at the end (not asserted: a busy machine is not a failure). */
const timings: Record<string, number> = {};
const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[phase] = Math.round(performance.now() - start);
  }
};

let dir: string;
let baseColor: Served;
/** Each install's file as written, relative to the project. */
const written = new Map<string, string>();
let before: Set<string>;
const pasted = new Map<string, { code: string; themeCss: string }>();

/** Every file under `root`, relative, outside node_modules. */
async function files(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((p) => !p.startsWith("node_modules") && !p.startsWith("dist"));
}

/** `shadcn mcp` over stdio, its working directory the scratch project, as an MCP host starts it. */
async function connectShadcnMcp(): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SHADCN, "mcp"],
    cwd: dir,
    env: scratchEnv({ REGISTRY_URL: baseColor.url }) as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "shadcn-registry-test", version: "1.0.0" });
  await timed("mcp start (beside shadcn add)", () => client.connect(transport));
  return client;
}

/** The MCP server, started while the CLI installs (it reads components.json on each call); closed last. */
let mcp: Promise<Client>;

beforeAll(async () => {
  const start = performance.now();
  dir = await mkdtemp(join(tmpdir(), "shadcn-scratch-"));
  baseColor = await serveBaseColor();
  await timed("scratch app install", () => createScratchApp(dir, { "@patttterns": `${ORIGIN}/r/{name}.json` }));
  before = new Set(await files(dir));
  mcp = connectShadcnMcp();
  // Awaited by the MCP tests; a failure to start is theirs to report, not an unhandled rejection here.
  mcp.catch(() => undefined);
  const reading = Promise.all(INSTALLS.map(getComponent));
  await timed("shadcn add", () =>
    run(
      process.execPath,
      [SHADCN, "add", ...INSTALLS.map((i) => i.arg), "--yes"],
      dir,
      scratchEnv({ REGISTRY_URL: baseColor.url }),
    ),
  );
  for (const path of await files(dir)) {
    const name = INSTALLS.find((i) => path.includes(i.name) && path.endsWith(".tsx"))?.name;
    if (name && !before.has(path)) written.set(name, path);
  }
  for (const [k, got] of (await reading).entries()) pasted.set(INSTALLS[k].name, got);
  timings.setup = Math.round(performance.now() - start);
}, 300_000);

afterAll(async () => {
  // Closes the MCP server's process, also when the MCP tests did not run.
  await (await mcp?.catch(() => undefined))?.close();
  await baseColor?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  console.info(`shadcn registry test, ms: ${JSON.stringify(timings)}`);
});

describe("shadcn add, with the real CLI, from npm start", { timeout: 300_000 }, () => {
  it("writes each item's file under the components alias, byte for byte as the store holds it, and nothing else", async () => {
    for (const i of INSTALLS) {
      const path = written.get(i.name);
      expect(path, `${i.arg}: no file written`).toMatch(/^src\/components\//);
      expect(new Uint8Array(await readFile(join(dir, path!))), `${i.arg} → ${path}`).toEqual(i.bytes);
    }
    const added = (await files(dir)).filter((p) => !before.has(p));
    expect(added.sort()).toEqual([...written.values()].sort());
    // What it read from the stand-in of shadcn's own registry: the base colour, nothing else.
    expect(new Set(baseColor.requests)).toEqual(new Set(["/colors/neutral.json"]));
  });

  it("adds the packages the code imports to package.json, at the catalog's pinned ranges", async () => {
    const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8"));
    const wanted = new Set(INSTALLS.flatMap((i) => imports(text(i.bytes))));
    expect(wanted).toEqual(new Set(["lucide-react", "framer-motion"]));
    for (const name of wanted) {
      const range = PACKAGE_VERSIONS[name];
      const installed = JSON.parse(await readFile(join(dir, "node_modules", name, "package.json"), "utf8")).version;
      expect(pkg.dependencies[name], name).toBeDefined();
      expect(satisfiesCaret(installed, range), `${name}@${installed} in ${range}`).toBe(true);
      expect(
        satisfiesCaret(pkg.dependencies[name].replace(/^\^/, ""), range),
        `${name}: ${pkg.dependencies[name]}`,
      ).toBe(true);
    }
  });

  it("merges the tokens into src/index.css with theme_css's values, light and dark", async () => {
    const css = await readFile(join(dir, "src/index.css"), "utf8");
    const root = tokensOf(css, ":root");
    const dark = tokensOf(css, ".dark");
    for (const i of INSTALLS) {
      const theme = pasted.get(i.name)!.themeCss;
      const light = tokensOf(theme, ":root");
      expect(Object.keys(light).length, i.name).toBeGreaterThan(0);
      for (const [token, value] of Object.entries(light)) expect(root[token], `${i.name} :root ${token}`).toBe(value);
      for (const [token, value] of Object.entries(tokensOf(theme, ".dark")))
        expect(dark[token], `${i.name} .dark ${token}`).toBe(value);
    }
  });
});

/** The page that renders one component, chosen by `?c=`, with `.dark` on <html> for `?theme=dark`. */
const entry = (css: string, modules: [string, string][]) =>
  [
    'import { createRoot } from "react-dom/client";',
    `import "${css}";`,
    ...modules.map(([, from], k) => `import C${k} from "${from}";`),
    "",
    `const components = { ${modules.map(([name], k) => `"${name}": C${k}`).join(", ")} };`,
    "const params = new URLSearchParams(location.search);",
    'document.documentElement.classList.toggle("dark", params.get("theme") === "dark");',
    'const Component = components[params.get("c") as keyof typeof components];',
    'createRoot(document.getElementById("root")!).render(<Component />);',
    "",
  ].join("\n");

const html = (script: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>scratch</title></head>\n<body><div id="root"></div><script type="module" src="${script}"></script></body>\n</html>\n`;

/** The dialog opened by its trigger, once framer-motion has brought it to rest. */
const DIALOG_AT_REST = () => {
  const form = document.querySelector('[role="dialog"]');
  const overlay = form?.parentElement;
  if (!form || !overlay) return false;
  const [f, o] = [getComputedStyle(form), getComputedStyle(overlay)];
  return f.opacity === "1" && f.transform === "none" && o.opacity === "1";
};

describe("the installed components in Chromium", { timeout: 300_000 }, () => {
  let browser: Browser;
  let site: Served;
  const OUT = join(ROOT, "test-output/registry");

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("vite build succeeds on the project as the CLI left it, with the same code pasted beside it", async () => {
    const write = async (path: string, body: string) => {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), body);
    };
    // The installed page imports what the CLI wrote, through the alias; its CSS is the CLI's index.css.
    await write(
      "src/main.tsx",
      entry(
        "./index.css",
        INSTALLS.map((i) => [
          i.name,
          written
            .get(i.name)!
            .replace(/^src\//, "@/")
            .replace(/\.tsx$/, ""),
        ]),
      ),
    );
    // The pasted page: get_component's code in files of their own, its theme_css after Tailwind.
    for (const i of INSTALLS) await write(`src/pasted/${i.name}.tsx`, pasted.get(i.name)!.code);
    const css = ['@import "tailwindcss";', ...INSTALLS.map((i) => pasted.get(i.name)!.themeCss)].join("\n\n");
    await write("src/pasted/pasted.css", `${css}\n`);
    await write(
      "src/pasted/main.tsx",
      entry(
        "./pasted.css",
        INSTALLS.map((i) => [i.name, `./${i.name}`]),
      ),
    );
    await write("index.html", html("/src/main.tsx"));
    await write("pasted.html", html("/src/pasted/main.tsx"));
    const built = await timed("vite build", () => run(join(dir, "node_modules/.bin/vite"), ["build"], dir));
    expect(built.stdout).toMatch(/built in/);
    expect((await readdir(join(dir, "dist"))).sort()).toEqual(["assets", "index.html", "pasted.html"]);
  });

  it("renders each installed component pixel for pixel as the code pasted with theme_css, light and dark", async () => {
    await timed("chromium", async () => {
      browser = await launchChromium();
      site = await serveDir(join(dir, "dist"));
      const page: Page = await browser.newPage();
      const shot = async (file: string, name: string, theme: "light" | "dark", open: boolean) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${site.url}/${file}?c=${name}&theme=${theme}`);
        await page.locator("#root > *").first().waitFor();
        if (open) {
          await page.locator("#root button").first().click();
          await page.waitForFunction(DIALOG_AT_REST);
        }
        return page.screenshot({ fullPage: true, animations: "disabled" });
      };
      const states = INSTALLS.flatMap((i) => {
        const opens = imports(text(i.bytes)).includes("framer-motion");
        return (["light", "dark"] as const).flatMap((theme) =>
          (opens ? [false, true] : [false]).map((open) => ({ name: i.name, theme, open })),
        );
      });
      expect(states.length).toBe(8);
      const seen = new Map<string, Buffer>();
      for (const { name, theme, open } of states) {
        const label = `${name}-${theme}${open ? "-open" : ""}`;
        const installed = await shot("index.html", name, theme, open);
        const reference = await shot("pasted.html", name, theme, open);
        if (!installed.equals(reference)) {
          await mkdir(OUT, { recursive: true });
          await writeFile(join(OUT, `${label}-installed.png`), installed);
          await writeFile(join(OUT, `${label}-pasted.png`), reference);
        }
        expect(installed.equals(reference), `${label}: differs (test-output/registry/${label}-*.png)`).toBe(true);
        seen.set(label, installed);
      }
      // The tokens are live: dark renders otherwise than light, and the open dialog otherwise than closed.
      for (const { name, open } of states.filter((s) => s.theme === "light")) {
        const label = `${name}-light${open ? "-open" : ""}`;
        expect(seen.get(label)!.equals(seen.get(label.replace("light", "dark"))!), label).toBe(false);
      }
      const framer = INSTALLS[2].name;
      expect(seen.get(`${framer}-light`)!.equals(seen.get(`${framer}-light-open`)!)).toBe(false);
      await page.close();
    });
  });
});

describe("the shadcn MCP server, with @patttterns in the project's components.json", { timeout: 120_000 }, () => {
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const result = (await client.callTool({ name, arguments: args })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    const body = result.content.map((c) => c.text).join("\n");
    expect(result.isError, `${name}: ${body}`).toBeFalsy();
    return body;
  };
  /** The items a listing names, in order, by the argument of their add command. */
  const listed = (body: string) => [...body.matchAll(/add @patttterns\/([a-z0-9-]+)/g)].map((m) => m[1]);
  /** search_components' hits with code, by item name. */
  const ranked = async (query: string): Promise<string[]> => {
    const reply = await rpc(`${ORIGIN}/mcp`, "legacy", "tools/call", {
      name: "search_components",
      arguments: { query, limit: 50 },
    });
    const { results } = JSON.parse(reply.result.content[0].text);
    return results.map((r: { slug: string }) => r.slug.split("/").pop());
  };

  beforeAll(async () => {
    client = await mcp;
  });

  it("names the tools this test calls", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        "list_items_in_registries",
        "search_items_in_registries",
        "view_items_in_registries",
        "get_add_command_for_items",
      ]),
    );
  });

  it("lists every pattern with a component", async () => {
    const body = await call("list_items_in_registries", { registries: ["@patttterns"] });
    expect(new Set(listed(body))).toEqual(new Set(fixtures.map((f) => f.name)));
  });

  it("searches with our ranking, not a fuzzy match over names", async () => {
    for (const query of ["snackbar", "navigation"]) {
      const ours = await ranked(query);
      expect(ours.length, query).toBeGreaterThan(0);
      const body = await call("search_items_in_registries", { registries: ["@patttterns"], query });
      expect(listed(body), query).toEqual(ours);
    }
  });

  it("views an item with its pinned dependencies, and gives its add command", async () => {
    const body = await call("view_items_in_registries", { items: ["@patttterns/date-picker"] });
    expect(body).toContain("## date-picker");
    expect(body).toContain(byNumber(77).entry.description);
    expect(body).toContain(`lucide-react@${PACKAGE_VERSIONS["lucide-react"]}`);
    const command = await call("get_add_command_for_items", { items: ["@patttterns/date-picker"] });
    expect(command).toMatch(/shadcn@\S+ add @patttterns\/date-picker/);
  });
});
