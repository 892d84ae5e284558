/** Resources as plain values, like tools. */

export interface CacheHint {
  ttlMs: number;
  cacheScope: "public" | "private";
}

/** Text contents, or binary contents as base64 in `blob`; `_meta` as an extension defines it. */
export type ResourceContents = { uri: string; mimeType: string; _meta?: Record<string, unknown> } & (
  | { text: string }
  | { blob: string }
);

export interface ReadResult {
  contents: ResourceContents[];
  cache?: CacheHint;
}

/** A fixed resource, listed by resources/list. */
export interface Resource<D = unknown> {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
  /** Resources that hand out entitled content pass through the entitlement policy first. */
  returnsCode?: boolean;
  read(deps: D): Promise<ReadResult>;
}

/** A family of resources addressed by a URI template, listed by resources/templates/list. */
export interface ResourceTemplate<D = unknown> {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
  /** Templates that hand out entitled content pass through the entitlement policy first. */
  returnsCode?: boolean;
  /** Returns null when the URI does not belong to this template or names nothing. */
  read(uri: string, deps: D): Promise<ReadResult | null>;
}
