/**
 * The tokens resource, patttterns://theme/tokens.css, from the served edge function (in process:
 * tests/unit/theme/resource.test.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { themeResourceText } from "../../../src/resources/theme-text.ts";
import { THEME_URI } from "../../../src/resources/theme.ts";
import { post } from "../../helpers/app.ts";

describe("the tokens resource", () => {
  it("is served by the edge function, byte for byte", async () => {
    const req = post({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: THEME_URI } });
    const served = (await (await fetch(new Request(`${inject("servedUrl")}/mcp`, req))).json()).result;
    expect(served.contents[0]).toEqual({ uri: THEME_URI, mimeType: "text/css", text: themeResourceText() });
  });
});
