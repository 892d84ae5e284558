import { describe, expect, it } from "vitest";
import { timer } from "../../src/timer.ts";

describe("timer", () => {
  it("resolves and aborts its signal when the time is up", async () => {
    const started = Date.now();
    const t = timer(50);
    await t.done;
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(t.signal.aborted).toBe(true);
  });

  it("never resolves once cancelled", async () => {
    const t = timer(20);
    t.cancel();
    const winner = await Promise.race([
      t.done.then(() => "fired"),
      new Promise((r) => setTimeout(() => r("quiet"), 80)),
    ]);
    expect(winner).toBe("quiet");
  });
});
