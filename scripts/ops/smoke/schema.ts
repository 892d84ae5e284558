/**
 * The payload shapes the deploy smoke holds a live endpoint to: the tool contracts of docs/catalog.md
 * and docs/components.md, and the registry item of docs/registry.md, seen from the client.
 */
import { z } from "zod";

const catalogNumber = z.string().regex(/^#\d+$/);
const versionId = z.string().regex(/^(seed|v[1-9]\d*)$/);

export const toolsListSchema = z.object({
  tools: z.array(
    z
      .object({
        name: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/),
        description: z.string().min(1),
        inputSchema: z.object({ type: z.literal("object") }).loose(),
      })
      .loose(),
  ),
});

export const searchSchema = z.object({
  results: z.array(
    z.object({
      pattern_id: z.string().min(1),
      catalog_number: catalogNumber,
      title: z.string().min(1),
      description: z.string(),
      tags: z.array(z.string()),
      type: z.string(),
      slug: z.string().startsWith("/"),
      url: z.url(),
      has_component: z.boolean(),
      default_version: z.literal("active"),
    }),
  ),
  total: z.number().int().nonnegative(),
});

export const componentSchema = z.object({
  metadata: z
    .object({
      name: z.string().min(1),
      pattern_id: z.string().min(1),
      catalog_number: catalogNumber,
      version_id: versionId,
      active_version_id: versionId,
      available_versions: z.array(versionId).min(1),
      type: z.string(),
      category: z.string(),
      tags: z.array(z.string()),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      bytes: z.number().int().positive(),
    })
    .loose(),
  usage_rules: z
    .object({
      required_css_variables: z.array(z.string().startsWith("--ui-")),
      design_constraints: z.array(z.string()).min(1),
      animation_libraries: z.array(z.string()),
      dependencies: z.array(z.string()),
      dependency_versions: z.record(z.string(), z.string()),
      install: z.string().startsWith("npm install ").nullable(),
      shadcn_add: z
        .string()
        .regex(/^npx shadcn@latest add "https?:\/\/[^"\s]+\/r\/[a-z0-9-]+\.json\?version=[a-z0-9]+"$/),
      tailwind: z.object({ versions: z.string(), syntax: z.array(z.string()) }),
      theme_css: z.string().includes(":root {"),
    })
    .loose(),
  component_code: z.string().min(1),
  resource: z.object({ url: z.url() }).loose(),
});

export type ComponentPayload = z.output<typeof componentSchema>;

/** A registry item (docs/registry.md), what the smoke reads of it: its one file and its meta. */
export const registryItemSchema = z.object({
  files: z.array(z.object({ content: z.string() }).loose()).length(1),
  meta: z.object({ version_id: versionId, sha256: z.string().regex(/^[0-9a-f]{64}$/) }).loose(),
});

/** validate_component's answer (docs/validate.md), from the tool or the validate function. */
export const validationSchema = z.object({
  ok: z.boolean(),
  findings: z.array(z.object({ rule: z.string(), severity: z.enum(["error", "warning"]), line: z.number() }).loose()),
  base: z.object({ version_id: versionId, sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
