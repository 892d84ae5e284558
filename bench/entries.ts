/** The two edge functions the lab bundles: ours, and the SDK variant shaped like it (sdk-edge.ts). */
import { join } from "node:path";
import { EDGE_ENTRY } from "../scripts/lib/edge-bundle.ts";
import { ROOT } from "../scripts/lib/repo-root.ts";

export const ENTRIES = { ours: EDGE_ENTRY, sdk: join(ROOT, "bench/sdk-edge.ts") } as const;
