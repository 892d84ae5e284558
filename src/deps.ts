/** What tools and resources are given: assembled once per app in `app.ts`, shared by its requests. */
import type { Catalog } from "./catalog/catalog.ts";
import type { ComponentSource } from "./components/model.ts";
import type { EntitlementPolicy } from "./mcp/tool.ts";

export interface Deps {
  catalog: Catalog;
  components: ComponentSource;
  entitlement: EntitlementPolicy;
}
