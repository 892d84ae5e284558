/** A denial as a future auth wall would return it (src/entitlement.ts): a clear, non-retryable error. */
import { domainError } from "../../src/errors.ts";
import type { Decision } from "../../src/mcp/tool.ts";

export const deny = (reason: string): Decision => ({
  allow: false,
  error: domainError.forbidden(
    reason,
    "Tell the user this component needs a PATTTTERNS account; see https://patttterns.com/mcp.",
  ),
});
