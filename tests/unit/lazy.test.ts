import { describe, expect, it } from "vitest";
import { lazy } from "../../src/lazy.ts";

describe("lazy", () => {
  it("loads once on first use, shares the load between callers, and keeps the value", async () => {
    let loads = 0;
    const l = lazy(async () => ++loads);
    expect(loads).toBe(0);
    expect(l.value).toBeUndefined();
    expect(await Promise.all([l.get(), l.get()])).toEqual([1, 1]);
    expect(await l.get()).toBe(1);
    expect(l.value).toBe(1);
    expect(loads).toBe(1);
  });

  it("forgets a failed load: that caller fails, the next one loads again", async () => {
    let loads = 0;
    const l = lazy(async () => {
      if (++loads === 1) throw new Error("down");
      return "up";
    });
    await expect(l.get()).rejects.toThrow("down");
    expect(l.value).toBeUndefined();
    expect(await l.get()).toBe("up");
    expect(loads).toBe(2);
  });
});
