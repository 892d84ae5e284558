/**
 * Packs lucide-react's icons for the preview (preview/src/lucide.ts): each icon's `__iconData` from
 * the package's own ESM modules, without React keys, and only the export names that the preview's
 * resolver would not find from the icon name alone. Node only; deterministic (sorted), so the
 * generated preview is stable.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { runInThisContext } from "node:vm";
import { iconResolver, type LucidePack, type PackedIcon } from "../../preview/src/lucide.ts";

const require = createRequire(import.meta.url);
export const LUCIDE_ESM = join(dirname(require.resolve("lucide-react/package.json")), "dist/esm");

/** Every icon export of lucide-react's index: export name → the icon module it names. */
export async function lucideExports(): Promise<Map<string, string>> {
  const index = await readFile(join(LUCIDE_ESM, "lucide-react.mjs"), "utf8");
  const out = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+\.mjs)';/g)) {
    for (const part of m[1].split(",")) {
      const name = /default as (\w+)/.exec(part)?.[1];
      if (name) out.set(name, m[2]);
    }
  }
  return out;
}

interface IconData extends PackedIcon {
  name: string;
}

/** Strips React keys (the preview adds its own) from an icon's SVG children. */
const withoutKeys = (node: PackedIcon["node"]): PackedIcon["node"] =>
  node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);

/**
 * An icon module's `__iconData`: its object literal (plain data, at column 0 from `const __iconData = {`
 * to `};`), evaluated alone. Importing the ~2,000 modules instead cost 3 s of CPU under tsx's loader
 * hooks (`npm run build`), this about 0.6 s.
 */
async function iconData(file: string): Promise<IconData | undefined> {
  const text = await readFile(join(LUCIDE_ESM, "icons", file), "utf8");
  const literal = /\nconst __iconData = (\{\n[\s\S]*?\n\});\n/.exec(text)?.[1];
  return literal === undefined ? undefined : runInThisContext(`(${literal})`, { filename: file });
}

export async function packLucide(): Promise<{ pack: LucidePack; exports: Map<string, string> }> {
  const exports = await lucideExports();
  const byFile = new Map<string, IconData>();
  for (const file of new Set(exports.values())) {
    const data = await iconData(file);
    if (!data)
      throw new Error(
        `lucide-react icons/${file} has no __iconData literal: the packing below needs updating for this release`,
      );
    byFile.set(file, data);
  }
  const icons: Record<string, PackedIcon> = {};
  for (const { name, node, size, ...rest } of [...byFile.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (size !== undefined && size !== 24)
      throw new Error(`lucide-react icon ${name} has size ${size}; the preview assumes 24`);
    icons[name] = { ...rest, node: withoutKeys(node) };
  }
  const plain = iconResolver({ icons, aliases: {} });
  const aliases: Record<string, string> = {};
  for (const [exportName, file] of [...exports].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const name = byFile.get(file)!.name;
    if (plain(exportName) !== name) aliases[exportName] = name;
  }
  const pack = { icons, aliases };
  const resolve = iconResolver(pack);
  for (const [exportName, file] of exports) {
    if (resolve(exportName) !== byFile.get(file)!.name)
      throw new Error(`lucide pack: ${exportName} does not resolve to ${byFile.get(file)!.name}`);
  }
  return { pack, exports };
}
