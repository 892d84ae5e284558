/**
 * Who may receive component code. v1 is public: every caller is allowed. A later auth wall
 * (Supabase + Google SSO, then a PAT or MCP OAuth) becomes a new policy here, not a tool redesign:
 * it returns `{ allow: false, error }` with a `forbidden` domain error the model can relay.
 */
import type { EntitlementPolicy } from "./mcp/tool.ts";

export const allowAll: EntitlementPolicy = () => ({ allow: true });
