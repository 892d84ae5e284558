/**
 * The preview's lucide-react (preview/src/lucide.ts over the build's icon pack) renders every icon
 * export of lucide-react exactly as lucide-react does, and an unknown name as a placeholder.
 */
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as real from "lucide-react";
import { beforeAll, describe, expect, it } from "vitest";
import { packLucide } from "../../../scripts/build/lucide-pack.ts";
import { type LucidePack, lucideModule } from "../../../preview/src/lucide.ts";

let pack: LucidePack;
let names: string[];
beforeAll(async () => {
  const packed = await packLucide();
  pack = packed.pack;
  names = [...packed.exports.keys()];
}, 60_000);

const render = (C: unknown, props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(C as ComponentType, props));

describe("the preview's lucide-react", () => {
  it("renders every icon export of lucide-react to the same markup, props applied", () => {
    const ours = lucideModule(pack);
    const realIcons = real as unknown as Record<string, unknown>;
    expect(names.length).toBeGreaterThan(5000);
    const differ: string[] = [];
    for (const name of names) {
      for (const props of [{}, { size: 18, strokeWidth: 1.5, className: "h-4 w-4", "aria-label": "x" }]) {
        if (render(ours[name], props) !== render(realIcons[name], props)) differ.push(name);
      }
    }
    expect(differ).toEqual([]);
  });

  it("resolves renamed icons to the icon lucide-react gives them (AlertTriangle, CheckCircle2, Loader2)", () => {
    const ours = lucideModule(pack);
    for (const name of ["AlertTriangle", "CheckCircle2", "Loader2", "MoreHorizontal", "LucideCheck", "CheckIcon"]) {
      expect(render(ours[name], {}), name).toBe(render((real as unknown as Record<string, unknown>)[name], {}));
    }
    // Fewer aliases than export names: the rest follow from the icon names.
    expect(Object.keys(pack.aliases).length).toBeLessThan(names.length / 2);
  });

  it("renders a name lucide-react does not export as a labelled placeholder, and reports it", () => {
    const unknown: string[] = [];
    const ours = lucideModule(pack, (n) => unknown.push(n));
    const markup = render(ours.SparkleUnicornX, { size: 20, className: "text-red-500" });
    expect(markup).toContain('data-unknown-icon="SparkleUnicornX"');
    expect(markup).toContain('width="20"');
    expect(markup).toContain('class="text-red-500"');
    expect(unknown).toEqual(["SparkleUnicornX"]);
    // Module plumbing is not an icon: no placeholder for it.
    expect(ours.then).toBeUndefined();
    expect(ours.__esModule).toBe(true);
    expect(ours.createLucideIcon).toBe(real.createLucideIcon);
  });
});
