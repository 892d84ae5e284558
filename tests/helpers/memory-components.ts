/** The committed component fixtures as a component source held in memory: for benchmarks and in-process tests. */
import { type ComponentSource, found, type Read, type Tsx, toTsx } from "../../src/components/model.ts";
import type { FixturePattern } from "../../scripts/lib/fixtures.ts";

export function memoryComponents(fixtures: readonly FixturePattern[]): ComponentSource {
  const byId = new Map(fixtures.map((f) => [f.entry.id, f]));
  // Decoded and hashed once per version, as a caching source would hand it out.
  const kept = new Map<string, Promise<Read<Tsx>>>();
  return {
    versions: async (id) => found(byId.get(id)?.index ?? null),
    tsx(id, version) {
      const bytes = byId.get(id)?.code.find((c) => c.versionId === version)?.bytes;
      if (!bytes) return Promise.resolve(found(null));
      const key = `${id}/${version}`;
      if (!kept.has(key)) kept.set(key, toTsx(bytes));
      return kept.get(key)!;
    },
  };
}
