/**
 * The parsers weighed for validate_component (bench/parsers.ts), each as one module with the
 * same `check(code)`: the first syntax error as `{ at, message }`, or undefined. Each file is bundled
 * on its own for its size and cold import, so each imports only its parser.
 */
import { join } from "node:path";
import { ROOT } from "../../scripts/lib/repo-root.ts";

export const CANDIDATES = {
  "sucrase + the scan (shipped)": join(ROOT, "bench/parsers/sucrase-scan.ts"),
  "sucrase's parser alone": join(ROOT, "bench/parsers/sucrase-alone.ts"),
  "own tokenizer": join(ROOT, "bench/parsers/own.ts"),
  "@babel/parser": join(ROOT, "bench/parsers/babel.ts"),
  "typescript (reference)": join(ROOT, "bench/parsers/typescript.ts"),
} as const;

export type Check = (code: string) => { at: number; message: string } | undefined;
