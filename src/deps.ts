/**
 * What tools and resources are given: assembled once per app in `app.ts`, shared by its requests.
 * The entitlement policy is not among them: the server asks it before a tool or resource that returns
 * code runs (`createServer({ entitlement })`), so no tool sees it.
 */
import type { Catalog } from "./catalog/catalog.ts";
import type { ComponentSource } from "./components/model.ts";
import type { Validator } from "./validate/validator.ts";

export interface Deps {
  catalog: Catalog;
  components: ComponentSource;
  /** validate_component's work: in process, or in the site's validate function (the edge's choice). */
  validator: Validator;
}
