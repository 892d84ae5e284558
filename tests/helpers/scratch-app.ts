/**
 * A scratch React + Tailwind CSS v4 + Vite project, created from packages the way a developer sets one
 * up for shadcn (a `components.json`, the `@/*` alias, `src/index.css` importing Tailwind), for tests
 * that run the real shadcn CLI and its MCP server against our registry. Also the two small servers
 * such a test needs: the stand-in for shadcn's own base-colour file, and a static server for a build.
 */
import { execFile } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { ROOT } from "../../scripts/lib/repo-root.ts";

const rootPackage = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const pin = (name: string): string => rootPackage.dependencies?.[name] ?? rootPackage.devDependencies[name];

/**
 * The scratch project's packages, exact: React and Vite at the versions this repo builds and tests
 * with, Tailwind CSS at the version the live preview renders with (its browser build's version).
 */
export const SCRATCH_PACKAGES = {
  dependencies: { react: pin("react"), "react-dom": pin("react-dom") },
  devDependencies: {
    vite: pin("vite"),
    tailwindcss: pin("@tailwindcss/browser"),
    "@tailwindcss/vite": pin("@tailwindcss/browser"),
  },
};

/** The base colour `components.json` names; the CLI reads `${REGISTRY_URL}/colors/<it>.json`. */
export const BASE_COLOR = "neutral";

/**
 * The environment for the project's child processes: this one's, without the `npm_*` variables an
 * `npm test` run sets (they describe this repo's package, not the scratch one), plus `extra`.
 */
export function scratchEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return { ...env, ...extra };
}

export interface Ran {
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command to its end; a non-zero exit rejects with everything it printed. */
export function run(cmd: string, args: string[], cwd: string, env = scratchEnv()): Promise<Ran> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const ms = Math.round(performance.now() - start);
      if (error) reject(new Error(`${cmd} ${args.join(" ")} failed (${error.code}):\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr, ms });
    });
  });
}

const FILES = (registries: Record<string, string>): Record<string, string> => ({
  "package.json": JSON.stringify({ name: "scratch", private: true, type: "module", ...SCRATCH_PACKAGES }, null, 2),
  // From npm's cache when it holds the packages; no audit or funding calls.
  ".npmrc": "prefer-offline=true\naudit=false\nfund=false\nupdate-notifier=false\n",
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        baseUrl: ".",
        paths: { "@/*": ["./src/*"] },
      },
      include: ["src"],
    },
    null,
    2,
  ),
  "vite.config.ts": [
    'import { fileURLToPath } from "node:url";',
    'import tailwindcss from "@tailwindcss/vite";',
    'import { defineConfig } from "vite";',
    "",
    "export default defineConfig({",
    "  plugins: [tailwindcss()],",
    '  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },',
    '  build: { rolldownOptions: { input: ["index.html", "pasted.html"] } },',
    "});",
    "",
  ].join("\n"),
  "src/index.css": '@import "tailwindcss";\n',
  "components.json": JSON.stringify(
    {
      $schema: "https://ui.shadcn.com/schema.json",
      style: "new-york",
      rsc: false,
      tsx: true,
      tailwind: { config: "", css: "src/index.css", baseColor: BASE_COLOR, cssVariables: true, prefix: "" },
      aliases: {
        components: "@/components",
        utils: "@/lib/utils",
        ui: "@/components/ui",
        lib: "@/lib",
        hooks: "@/hooks",
      },
      iconLibrary: "lucide",
      registries,
    },
    null,
    2,
  ),
});

/** Writes the project into `dir` with `registries` in its `components.json`, and installs its packages. */
export async function createScratchApp(dir: string, registries: Record<string, string>): Promise<Ran> {
  for (const [path, text] of Object.entries(FILES(registries))) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return run("npm", ["install"], dir);
}

export interface Served {
  url: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

type Hit = { type: string; body: Uint8Array | string } | undefined;

async function listen(handler: (path: string) => Hit | Promise<Hit>): Promise<Served> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    const hit = await handler(path);
    if (hit) res.writeHead(200, { "content-type": hit.type }).end(hit.body);
    else res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * The stand-in for shadcn's own registry (`REGISTRY_URL`): it serves the one file the CLI reads from
 * it even for a third-party item, `colors/<base colour>.json`, with the fields its schema requires and
 * no colours. A project with `cssVariables: true` uses none of them.
 */
export const serveBaseColor = () =>
  listen((path) =>
    path === `/colors/${BASE_COLOR}.json`
      ? {
          type: "application/json",
          body: JSON.stringify({
            inlineColors: { light: {}, dark: {} },
            cssVars: { light: {}, dark: {} },
            inlineColorsTemplate: "",
            cssVarsTemplate: "",
          }),
        }
      : undefined,
  );

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/** Serves the files under `dir` (a build's output). */
export const serveDir = (dir: string) =>
  listen(async (path) => {
    const file = join(dir, normalize(decodeURIComponent(path)));
    if (!file.startsWith(dir)) return undefined;
    const body = await readFile(file).catch(() => undefined);
    return body && { type: TYPES[extname(file)] ?? "application/octet-stream", body };
  });
