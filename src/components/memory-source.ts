/** A component source over bytes held in memory: for benchmarks and in-process tests. */
import { type Code, type ComponentSource, toCode, type VersionIndex } from "./model.ts";

export interface MemoryComponent {
  index: VersionIndex;
  code: Record<string, Uint8Array>;
}

export function memorySource(components: Map<string, MemoryComponent>): ComponentSource {
  const codes = new Map<string, Promise<Code>>();
  return {
    versions: async (id) => components.get(id)?.index ?? null,
    code(id, version) {
      const bytes = components.get(id)?.code[version];
      if (!bytes) return Promise.resolve(null);
      const key = `${id}/${version}`;
      if (!codes.has(key)) codes.set(key, toCode(bytes));
      return codes.get(key)!;
    },
  };
}
