/**
 * What `npm run build` (scripts/build/build.ts) runs: generators, each a function from sources in the repo
 * to the exact text of the files it generates (paths relative to an output root, the repo by
 * default), and the comparison and writing every generator shares.
 *
 * A generator that reports its `inputs` (every file whose bytes decide its output) can be skipped by
 * `npm run build` while neither those files nor its outputs have changed since it last ran here: a
 * fingerprint of both is kept in node_modules/.cache/, never committed. `--check` never skips.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, posix } from "node:path";

/** A directory (relative to the output root) whose files matching `pattern` a generator owns. */
export interface Owned {
  dir: string;
  pattern: RegExp;
}

export interface Built {
  /** Every generated file: path relative to the output root → exact text. */
  files: Map<string, string>;
  /** Repo-relative paths of every file whose bytes decide `files`, when the generator knows them all. */
  inputs?: string[];
  /** One line about the result (sizes), printed after its status. */
  note?: string;
}

export interface Generator {
  /** Its name in messages and on the command line (scripts/build/build.ts lists them). */
  name: string;
  /** What it is generated from, for messages. */
  from: string;
  build(): Promise<Built>;
  /** An owned file that is no longer built is stale, and removed by a build. */
  owns?: Owned;
}

/** Paths of `files` that are missing or differ under `root`, and owned files no longer built; sorted. */
export async function staleOutputs(root: string, files: Map<string, string>, owned?: Owned): Promise<string[]> {
  const stale: string[] = [];
  if (owned) {
    const present = await readdir(join(root, owned.dir)).catch(() => [] as string[]);
    for (const name of present) {
      const path = posix.join(owned.dir, name);
      if (owned.pattern.test(name) && !files.has(path)) stale.push(path);
    }
  }
  for (const [path, text] of files)
    if ((await readFile(join(root, path), "utf8").catch(() => null)) !== text) stale.push(path);
  return stale.sort();
}

/** Writes what is stale under `root` and removes owned files no longer built; returns those paths. */
export async function writeOutputs(root: string, files: Map<string, string>, owned?: Owned): Promise<string[]> {
  const stale = await staleOutputs(root, files, owned);
  for (const path of stale) {
    const file = join(root, path);
    const text = files.get(path);
    if (text === undefined) await rm(file);
    else {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
    }
  }
  return stale;
}

/** sha256 over each path and its bytes (a missing file counts as missing). */
async function fingerprint(root: string, paths: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const path of paths) {
    const bytes = await readFile(join(root, path)).catch(() => null);
    hash.update(`${path}\0${bytes ? bytes.length : "missing"}\0`);
    if (bytes) hash.update(bytes);
  }
  return hash.digest("hex");
}

interface Entry {
  inputs: string[];
  outputs: string[];
  fingerprint: string;
}

/** The fingerprints of the generators' last builds, in a file outside the repo's tracked tree. */
export function buildCache(root: string, file = join(root, "node_modules/.cache/patttterns-build.json")) {
  const read = async (): Promise<Record<string, Entry>> => JSON.parse(await readFile(file, "utf8").catch(() => "{}"));
  return {
    /** Whether `name`'s inputs and outputs are byte for byte what they were when it was recorded. */
    async unchanged(name: string): Promise<boolean> {
      const entry = (await read())[name];
      return (
        entry !== undefined && entry.fingerprint === (await fingerprint(root, [...entry.inputs, ...entry.outputs]))
      );
    },
    /** Records `name`'s inputs and outputs as they are now, after a build made the outputs current. */
    async record(name: string, inputs: string[], outputs: string[]): Promise<void> {
      const entries = await read();
      entries[name] = { inputs, outputs, fingerprint: await fingerprint(root, [...inputs, ...outputs]) };
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(entries, null, 1)}\n`);
    },
  };
}
