/**
 * The validate function's first call in a fresh Node process, as a cold function instance serves it
 * (netlify/functions/validate.mts, bundled by esbuild for Node as Netlify bundles it): its import and one
 * validation of a version's code with one line added, the request the edge function sends. Node
 * functions have no per-request CPU bound; the figure says what the edge's isolate no longer pays.
 * Prints one JSON line. Args: <function bundle> <tsx path> <version id>
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { functionRequest } from "../src/validate/validation.ts";

const [bundlePath, tsxPath, versionId] = process.argv.slice(2);
const bytes = readFileSync(tsxPath);
const code = bytes.toString("utf8");
const req = new Request("http://127.0.0.1/.netlify/functions/validate", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(
    functionRequest(
      { code, versionId, sha256: createHash("sha256").update(bytes).digest("hex") },
      `// adapted for this project\n${code}`,
    ),
  ),
});
const cpuBefore = process.cpuUsage();
const started = performance.now();
const mod = await import(pathToFileURL(bundlePath).href);
const imported = performance.now();
const res: Response = await mod.default(req);
const body = await res.json();
const done = performance.now();
const cpu = process.cpuUsage(cpuBefore);
const ok = res.status === 200 && Array.isArray(body.findings);
console.log(
  JSON.stringify({
    ok,
    import_ms: imported - started,
    first_call_ms: done - imported,
    total_ms: done - started,
    cpu_ms: (cpu.user + cpu.system) / 1000,
    error: ok ? undefined : JSON.stringify(body).slice(0, 300),
  }),
);
