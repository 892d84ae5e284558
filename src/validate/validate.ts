/**
 * validate_component's work, with sucrase's parser and lucide-react's names: the edited TSX against the
 * version it was adapted from and the catalog's rules. The validate function imports it; an isolate or
 * an in-process app loads it on the first validation it does itself (validator.ts). It reads code; it
 * never rewrites or generates any.
 */
import { compare, type Finding, type Version } from "./compare.ts";
import { lineIndex } from "./lines.ts";
import { occurrences, RULES } from "./rules.ts";
import { scan } from "./scan.ts";
import { type Delivered, unchanged, type Validation } from "./validation.ts";

export type { Finding, Validation } from "./validation.ts";

/**
 * A hundred findings say what is wrong; more would only crowd the agent's context (Claude Code warns
 * at 10k tokens).
 */
export const MAX_FINDINGS = 100;

/**
 * Delivered versions read once per process (the function's instance, or an isolate), by sha256 (a
 * version's bytes never change): reading the delivered version is half of a warm call, and without it
 * the 30 KB case's p99 goes past its target (`npm run bench -- --quick --only validate`;
 * docs/validate.md#cost has the measurement).
 */
const bases = new Map<string, Version>();
const BASES_KEPT = 64;

function read(code: string): Version | Finding {
  const scanned = scan(code);
  if (!scanned.ok) {
    const line = lineIndex(code)(scanned.at);
    const column = scanned.at - code.lastIndexOf("\n", scanned.at - 1);
    return {
      rule: "parse_error",
      severity: RULES.parse_error,
      message: `The code does not parse as TSX: ${scanned.message} (line ${line}, column ${column}).`,
      line,
      suggestion:
        "Fix the syntax there (an unclosed tag, brace, parenthesis or string is the usual cause; the real " +
        "mistake can be a little earlier), then call validate_component again.",
    };
  }
  const { a11y, component } = scanned.scan;
  return { code, occurrences: occurrences(scanned.scan), a11y, component };
}

function baseVersion(code: string, sha256: string): Version {
  let version = bases.get(sha256);
  if (!version) {
    const got = read(code);
    // The catalog's own code always parses (npm run validate checks every blob); were one not to, the
    // edit is compared with nothing: every construct counts, and no accessibility or component baseline
    // applies.
    version = "rule" in got ? { code, occurrences: [], a11y: [], component: { elements: 0 } } : got;
    if (bases.size >= BASES_KEPT) bases.delete(bases.keys().next().value!);
    bases.set(sha256, version);
  }
  return version;
}

export function validateComponent(base: Delivered, edited: string): Validation {
  const same = unchanged(base, edited);
  if (same) return same;
  const ref = { version_id: base.versionId, sha256: base.sha256 };
  const got = read(edited);
  if ("rule" in got) return { ok: false, findings: [got], base: ref };
  const findings = compare(baseVersion(base.code, base.sha256), got);
  const shown = findings.slice(0, MAX_FINDINGS);
  return {
    ok: !findings.some((f) => f.severity === "error"),
    findings: shown,
    base: ref,
    ...(findings.length > shown.length && { omitted: findings.length - shown.length }),
  };
}
