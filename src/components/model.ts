/** The Components API's per-pattern model, validated at the boundary of every read. */
import * as z from "zod/mini";
import "../zod-english.ts";
import { domainError, failure, type Result } from "../errors.ts";
import { hex } from "../hex.ts";
import { type UsageRules, usageRules } from "./rules.ts";

/** `seed`, `v1`, `v2`, …: anything else can never become part of a blob key. */
export const VERSION_ID = /^(seed|v[1-9][0-9]{0,5})$/;

/**
 * A version index's schema, built on first use: a cold isolate that reads no version index (a
 * search, the tool list) does not pay for building it.
 */
const buildIndexSchema = () =>
  z.object({
    seedVersionId: z.string().check(z.regex(VERSION_ID)),
    activeVersionId: z.string().check(z.regex(VERSION_ID)),
    versions: z.array(
      z.object({
        versionId: z.string().check(z.regex(VERSION_ID)),
        kind: z.enum(["seed", "regenerate"]),
        createdAt: z.string(),
        model: z.optional(z.string()),
        imageRole: z.optional(z.string()),
        author: z.optional(
          z.object({ id: z.string(), name: z.string(), email: z.optional(z.string()), image: z.optional(z.string()) }),
        ),
        hiddenAt: z.nullish(z.string()),
      }),
    ),
  });
let indexSchema: ReturnType<typeof buildIndexSchema> | undefined;
export const versionIndexSchema = () => (indexSchema ??= buildIndexSchema());

export type VersionIndex = z.output<ReturnType<typeof buildIndexSchema>>;

/** What a read of the store came to: its value, or the upstream failure an agent is told about. */
export type Read<T> = Result<{ value: T }>;

export const found = <T>(value: T): Read<T> => ({ ok: true, value });

/**
 * A stored version index, validated. Bytes that are not JSON or not the model are an upstream fault
 * (`upstream_error`), never a crash: the store is another service's data.
 */
export function parseIndex(bytes: Uint8Array): Read<VersionIndex> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return failure(domainError.upstream_error("The Components store returned a version index that is not JSON"));
  }
  const parsed = versionIndexSchema().safeParse(raw);
  if (!parsed.success) {
    return failure(domainError.upstream_error("The Components store returned a malformed version index"));
  }
  return found(parsed.data);
}

/** Versions an agent may receive: hidden ones are never served. */
export const visibleVersions = (index: VersionIndex) => index.versions.filter((v) => !v.hiddenAt);

/**
 * The TSX of one version, as stored, with its fingerprint and the usage rules read off it: all of it
 * fixed by the bytes, so the code cache keeps them together and get_component never reads the code again.
 */
export interface Tsx {
  text: string;
  bytes: number;
  sha256: string;
  rules: UsageRules;
}

export interface ComponentSource {
  /** The pattern's version index, or null when the store has no component for it. */
  versions(patternId: string): Promise<Read<VersionIndex | null>>;
  /** The raw TSX of one version, or null when absent. */
  tsx(patternId: string, versionId: string): Promise<Read<Tsx | null>>;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Bytes to a JS string with nothing altered: `ignoreBOM` keeps a leading BOM (the default decoder
 * strips it) and `fatal` refuses invalid UTF-8 instead of replacing it, so the TSX an agent gets
 * encodes back to exactly the stored bytes. Its usage rules are read here, once per read of the store.
 */
export async function toTsx(bytes: Uint8Array): Promise<Read<Tsx>> {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return failure(domainError.upstream_error("The Components store returned code that is not valid UTF-8"));
  }
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  const sha256 = hex(digest);
  return found({ text, bytes: bytes.byteLength, sha256, rules: usageRules(text) });
}

/** Every component version is also an MCP resource under this prefix (src/resources/components.ts). */
export const COMPONENT_URI_PREFIX = "patttterns://components/";
export const componentUri = (patternId: string, versionId: string) =>
  `${COMPONENT_URI_PREFIX}${patternId}/${versionId}`;

/** Blob keys of the Components store. Pattern ids come from the catalog, versions match VERSION_ID. */
export const blobKeys = {
  index: (patternId: string) => `${patternId}/versions.json`,
  tsx: (patternId: string, versionId: string) => `${patternId}/${versionId}.tsx`,
};
