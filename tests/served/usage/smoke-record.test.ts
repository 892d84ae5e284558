/**
 * Payload fidelity: `npm run smoke` against `npm start` records its outcome in a usage store, and
 * the review shows that run and its fidelity; a month without a run is flagged.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../scripts/lib/repo-root.ts";
import { type LocalBlobs, startLocalBlobs } from "../../../scripts/local/blobs.ts";
import { readSmokeRecords } from "../../../scripts/ops/smoke/record.ts";
import { monthOf } from "../../../src/usage/event.ts";
import { shiftMonth } from "../../../src/usage/fold.ts";
import { SERVED } from "../../helpers/served.ts";
import { reportCli, usageStore } from "../../helpers/usage.ts";

const MONTH = monthOf(new Date());
const endpoint = `${SERVED[0].url}/mcp`;
let dir: string;

const smoke = (args: string[]) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ops/smoke.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, NETLIFY_SITE_ID: "", NETLIFY_BLOBS_TOKEN: "" },
    timeout: 120_000,
  });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "usage-smoke-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the smoke's record in the review", { timeout: 180_000 }, () => {
  it("records when, where, how many get_component checks and how many hashes matched", async () => {
    const { stdout } = await smoke(["--url", endpoint, "--runs", "2", "--usage-dir", dir]);
    expect(stdout).toContain("PASS");
    expect(stdout).toMatch(/recorded smoke\/\d{4}-\d\d\/\S+\.json/);
    let server: LocalBlobs | undefined;
    try {
      server = await startLocalBlobs({ directory: dir, siteID: "0" });
      const [record, ...more] = await readSmokeRecords(usageStore(server.config), MONTH);
      expect(more).toEqual([]);
      expect(record).toMatchObject({ url: endpoint, runs: 2, ok: true, get_component_checks: 4, hashes_matched: 4 });
      expect(record.reference).toContain("local store");
      expect(Date.now() - Date.parse(record.ts)).toBeLessThan(120_000);
    } finally {
      await server?.stop();
    }
  });

  it("shows the month's runs and the fidelity share, in JSON, text and HTML", async () => {
    const { fidelity } = JSON.parse((await reportCli(["--month", MONTH, "--json", "--dir", dir])).stdout);
    expect(fidelity).toMatchObject({
      get_component_checks: 4,
      hashes_matched: 4,
      fidelity: 1,
      target: 1,
      no_run: false,
    });
    expect(fidelity.runs).toHaveLength(1);
    const file = join(dir, "review.html");
    const text = (await reportCli(["--month", MONTH, "--dir", dir, "--html", file])).stdout;
    expect(text).toContain("Payload fidelity 100.00% (4 of 4 get_component hashes");
    expect(text).toContain(endpoint);
    expect(await readFile(file, "utf8")).toContain("of 4 get_component payloads hashed to the reference");
  });

  it("flags a month with no smoke run", async () => {
    const earlier = shiftMonth(MONTH, -1);
    const { fidelity } = JSON.parse((await reportCli(["--month", earlier, "--json", "--dir", dir])).stdout);
    expect(fidelity).toMatchObject({ runs: [], fidelity: null, no_run: true });
    expect((await reportCli(["--month", earlier, "--dir", dir])).stdout).toContain("NO SMOKE RUN this month");
  });
});
