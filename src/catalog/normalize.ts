/** The shared search semantics of the site and the MCP: normalize, then token-AND. */

/** Lowercase; `&` becomes ` and `; anything but letters and digits becomes a space; collapse. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export const tokens = (text: string): string[] => {
  const n = normalize(text);
  return n === "" ? [] : n.split(" ");
};
