import * as z from "zod/mini";
import { domainError, failure } from "../errors.ts";
import { ok } from "../mcp/tool.ts";
import { loadRequested, patternRef, versionRef } from "./refs.ts";
import { defineTool } from "./define.ts";
import { CODE_MAX_BYTES, overCodeBound, utf8Length } from "../validate/validation.ts";

export default defineTool({
  name: "validate_component",
  description:
    "Check code you adapted from get_component against the version it came from and the catalog's rules. Call it " +
    "after adapting a component (props, state, wiring) and before you finish; fix what it reports and call again. " +
    "Pass the pattern_id and version_id you fetched and your whole edited TSX. Only what your edit changed is " +
    "reported: parse errors, a lost component (its default export gone, or no JSX left), hard-coded colours (hex, " +
    "rgb(), named colours, Tailwind palette classes such as bg-blue-500), fonts and radii outside the --ui-* tokens, " +
    "unknown --ui-* tokens, imports beyond react, react-dom, lucide-react and framer-motion, lucide-react icons the " +
    "pinned version does not export, and fewer aria/role attributes, keyboard handlers or focusable controls than " +
    "delivered. Returns { ok, findings: [{ rule, severity, message, line, suggestion }], base }; ok is false when " +
    "any finding is an error. It never rewrites code.",
  input: z.object({
    pattern_id: patternRef,
    version_id: versionRef(
      'The version you adapted: get_component\'s metadata.version_id ("seed", "v1", …). Omit it for the ' +
        "active version.",
    ),
    code: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(CODE_MAX_BYTES),
        z.describe("Your edited TSX, the whole file, as one string (at most 256 KB). It is read, never stored."),
      ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ pattern_id, version_id, code }, { deps: { catalog, components, validator }, url }) {
    const empty = !/\S/.test(code);
    if (empty || overCodeBound(code)) {
      return failure(
        domainError.invalid_args(
          empty
            ? "code is empty: there is nothing to validate."
            : `code is ${utf8Length(code)} bytes of UTF-8, over the ${CODE_MAX_BYTES}-byte bound.`,
          empty
            ? "Pass your edited TSX, the whole component file, as the code string."
            : "Pass one component file: the code get_component returned, as you edited it, without bundled " +
                "dependencies or generated data.",
        ),
      );
    }
    const found = await loadRequested(catalog, components, pattern_id, version_id);
    if (!found.ok) return found;
    // In the isolate, or in the site's validate function (src/validate/validator.ts says why); usage
    // records which.
    const base = { code: found.tsx.text, versionId: found.versionId, sha256: found.tsx.sha256 };
    const { validation, by } = await validator(base, code, url);
    return ok(validation, by ? { ...found.report, validated_by: by } : found.report);
  },
});
