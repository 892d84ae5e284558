/**
 * The SDK variant shaped like our edge function, for the bundle-size and cold-start comparisons:
 * same catalog file, same component source (Blobs behind the isolate cache), same tools; the
 * official SDK's stateless pattern instead of our protocol layer.
 */
import * as catalogData from "../generated/catalog/load.ts";
import { openCatalog } from "../src/catalog/catalog.ts";
import { blobsSource } from "../src/components/blobs-source.ts";
import { cachedSource } from "../src/components/cache.ts";
import { DEFAULTS } from "../src/config.ts";
import { openStore } from "../src/storage/blobs.ts";
import { inProcess } from "../src/validate/validator.ts";
import { createSdkHandler } from "./sdk-app.ts";

let handler: ((req: Request) => Promise<Response>) | undefined;

export default (req: Request) => {
  handler ??= createSdkHandler({
    deps: {
      catalog: openCatalog(catalogData, DEFAULTS.SITE_URL),
      components: cachedSource(blobsSource({ deadlineMs: 3000, open: (o) => openStore("components", o) }), {
        indexTtlMs: 10_000,
        tsxBytes: 8 * 1024 * 1024,
      }),
      validator: inProcess,
    },
  });
  return handler(req);
};
