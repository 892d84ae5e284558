/** The agent skill as an MCP resource, so connected agents can read it without leaving the protocol. */
import { CACHE_HINTS } from "../mcp/constants.ts";
import type { Resource } from "../mcp/resource.ts";

export const SKILL_URI = "patttterns://skill/SKILL.md";

export const skillResource: Resource = {
  uri: SKILL_URI,
  name: "SKILL.md",
  title: "PATTTTERNS agent skill",
  description:
    "How to use this server: when to reach for it, search then get_component, pinning versions, " +
    "giving the --ui-* tokens values, checking adapted code with validate_component, which errors to retry.",
  mimeType: "text/markdown",
  // Changes only on deploy, like the tool list.
  // The markdown loads on the first read: most sessions never ask for it.
  read: async () => {
    const { SKILL } = await import("../../generated/skill.ts");
    return {
      contents: [{ uri: SKILL_URI, mimeType: "text/markdown", text: SKILL.markdown }],
      cache: CACHE_HINTS.lists,
    };
  },
};
