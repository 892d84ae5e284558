/** The unit project's rule holds: a unit test that starts a process or opens a server fails at once. */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { DENO } from "../../scripts/local/deno-serve.ts";
import { UNIT_RULE } from "../setup/no-servers.ts";

describe("tests/unit/ starts no process and opens no server (tests/setup/no-servers.ts)", () => {
  it("starting Deno throws", () => {
    expect(() => spawn(DENO, ["--version"])).toThrow(UNIT_RULE);
  });

  it("listening on a port throws", () => {
    expect(() => createServer().listen(0, "127.0.0.1")).toThrow(UNIT_RULE);
  });
});
