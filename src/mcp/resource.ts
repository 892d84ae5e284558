/** Resources and prompts as plain values, like tools. */

export interface CacheHint {
  ttlMs: number;
  cacheScope: "public" | "private";
}

export interface ResourceContents {
  uri: string;
  mimeType: string;
  text: string;
}

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
  read(deps: D): Promise<ReadResult>;
}

/** A family of resources addressed by a URI template, listed by resources/templates/list. */
export interface ResourceTemplate<D = unknown> {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
  /** Returns null when the URI does not belong to this template or names nothing. */
  read(uri: string, deps: D): Promise<ReadResult | null>;
}

export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface Prompt<D = unknown> {
  name: string;
  description?: string;
  arguments?: PromptArgument[];
  get(args: Record<string, string>, deps: D): Promise<{ description?: string; messages: unknown[] }>;
}
