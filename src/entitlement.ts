/**
 * Who may receive component code. v1 is public: every caller is allowed. A later auth wall
 * (Supabase + Google SSO, then a PAT or MCP OAuth) becomes a new policy here, not a tool redesign.
 */
import { domainError } from "./errors.ts";
import type { Decision, EntitlementPolicy } from "./mcp/tool.ts";

export const allowAll: EntitlementPolicy = () => ({ allow: true });

/** The shape a future wall returns: a clear, non-retryable error the model can relay. */
export const deny = (reason: string): Decision => ({
  allow: false,
  error: domainError("forbidden", reason, "Tell the user this component needs a PATTTTERNS account; see https://patttterns.com/mcp."),
});
