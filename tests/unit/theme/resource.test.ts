/**
 * The tokens resource, patttterns://theme/tokens.css: listed as text/css, read back in both eras, in
 * process (from the served edge function: tests/served/theme/resource.test.ts; what the text says is
 * held to the theme by drift.test.ts).
 */
import { describe, expect, it } from "vitest";
import { themeResourceText } from "../../../src/resources/theme-text.ts";
import { THEME_URI } from "../../../src/resources/theme.ts";
import { modern, post, testApp } from "../../helpers/app.ts";

describe("the tokens resource", () => {
  const app = testApp();
  const legacyRead = async (send: (req: Request) => Promise<Response>) => {
    const req = post({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: THEME_URI } });
    return (await (await send(req)).json()).result;
  };

  it("is listed as text/css, with a title and description", async () => {
    const list = (await (await app.handle(modern("resources/list"))).json()).result;
    const listed = list.resources.find((r: { uri: string }) => r.uri === THEME_URI);
    expect(listed).toMatchObject({ name: "tokens.css", mimeType: "text/css" });
    expect(listed.description).toMatch(/22 --ui-\* design tokens.*shadcn\/ui.*Tailwind CSS v4.*plain CSS/);
  });

  it("is read as the theme's CSS in both eras, with the tool list's cache hint on 2026-07-28", async () => {
    const current = (await (await app.handle(modern("resources/read", { uri: THEME_URI }))).json()).result;
    expect(current.contents).toEqual([{ uri: THEME_URI, mimeType: "text/css", text: themeResourceText() }]);
    expect(current.ttlMs).toBeGreaterThan(0);
    expect((await legacyRead((r) => app.handle(r))).contents[0].text).toBe(themeResourceText());
  });
});
