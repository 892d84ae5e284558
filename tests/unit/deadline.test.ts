import { describe, expect, it } from "vitest";
import { withinDeadline } from "../../src/timer.ts";

const late = () => new Error("late");

describe("withinDeadline", () => {
  it("passes the work's value through when it finishes in time", async () => {
    expect(await withinDeadline(1000, late, async () => 42)).toBe(42);
  });

  it("rejects with late() and aborts the work's signal when the time is up", async () => {
    let signal: AbortSignal | undefined;
    const work = (s: AbortSignal) => ((signal = s), new Promise<never>(() => {}));
    await expect(withinDeadline(30, late, work)).rejects.toThrow("late");
    expect(signal?.aborted).toBe(true);
  });

  it("reads a rejection caused by the abort (an aborted fetch) as late() too", async () => {
    const work = (s: AbortSignal) =>
      new Promise<never>((_, reject) => s.addEventListener("abort", () => reject(new Error("aborted"))));
    await expect(withinDeadline(30, late, work)).rejects.toThrow("late");
  });

  it("passes the work's own failure through before the deadline", async () => {
    await expect(withinDeadline(1000, late, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
