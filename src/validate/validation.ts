/** What a validation is about and what it answers: shared by the tool, the validator and its function. */
import type { Finding } from "./compare.ts";

export type { Finding } from "./compare.ts";

/** 256 KB of UTF-8: eight times the catalog's largest component (30 KB), well inside the 1 MiB request bound. */
export const CODE_MAX_BYTES = 256 * 1024;

export const utf8Length = (s: string) => new TextEncoder().encode(s).byteLength;

/** Over the bound in UTF-8? A string of at most a third of it in UTF-16 units cannot be: nothing is encoded then. */
export const overCodeBound = (s: string) => s.length * 3 > CODE_MAX_BYTES && utf8Length(s) > CODE_MAX_BYTES;

/** The version the edit was adapted from, as the store delivered it. */
export interface Delivered {
  code: string;
  versionId: string;
  /** Of the stored bytes (lowercase hex): the function checks it before keeping a version's reading. */
  sha256: string;
}

export interface Validation {
  ok: boolean;
  findings: Finding[];
  base: { version_id: string; sha256: string };
  /** Findings beyond the first MAX_FINDINGS, left out to keep the result readable. */
  omitted?: number;
}

/** What the edge sends the validate function for an edit of `base` (function.ts reads it). */
export const functionRequest = (base: Delivered, edited: string) => ({
  base: { code: base.code, version_id: base.versionId, sha256: base.sha256 },
  code: edited,
});

/** The delivered bytes themselves: nothing changed, nothing to report, and nothing to parse. */
export function unchanged(base: Delivered, edited: string): Validation | undefined {
  if (edited !== base.code) return undefined;
  return { ok: true, findings: [], base: { version_id: base.versionId, sha256: base.sha256 } };
}
