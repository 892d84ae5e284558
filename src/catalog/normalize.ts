/** The shared search semantics of the site and the MCP: normalize, then token-AND. */

/**
 * NFKC (so a decomposed "é", a full-width "ｔａｂｓ" or "＆" match the catalog's text); lowercase;
 * `&` becomes ` and `; anything but letters, combining marks and digits becomes a space; collapse.
 * Marks are kept because many scripts (Devanagari, Thai, …) write vowels as marks inside words.
 */
export function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
    .trim();
}

/** The words of already normalized text; none for "". */
export const wordsOf = (normalized: string): string[] => (normalized === "" ? [] : normalized.split(" "));

/** The words of `text` after `normalize`; none for text without letters or digits. */
export const tokens = (text: string): string[] => wordsOf(normalize(text));
