/**
 * The registry in process, as the edge function builds it: the built catalog (generated/catalog/),
 * the committed component fixtures as its store, and a request helper. No server.
 */
import * as catalogData from "../../../generated/catalog/load.ts";
import type { ComponentSource } from "../../../src/components/model.ts";
import { type Env, readConfig } from "../../../src/config.ts";
import { createRegistry } from "../../../src/registry/handler.ts";
import { fixtureSource } from "../../helpers/app.ts";

export const ORIGIN = "http://127.0.0.1:8888";

interface Options {
  env?: Env;
  /** A source, the fixtures (default), or "configured": the one the environment names, as production. */
  components?: ComponentSource | "configured";
}

/** The registry's handler: each request's response, and what usage records of it. */
export function serving({ env, components }: Options = {}) {
  const source = components === "configured" ? undefined : (components ?? fixtureSource());
  return createRegistry({ config: readConfig(env), catalogData, components: source });
}

/** The registry's responses alone. */
export function registry(opts: Options = {}) {
  const serve = serving(opts);
  return async (req: Request) => (await serve(req)).response;
}

/** The fixture source, with every read it serves recorded (`<pattern id>/versions.json`, `<id>/<version>.tsx`). */
export function recorded() {
  const inner = fixtureSource();
  const reads: string[] = [];
  const source: ComponentSource = {
    versions: (id) => (reads.push(`${id}/versions.json`), inner.versions(id)),
    tsx: (id, v) => (reads.push(`${id}/${v}.tsx`), inner.tsx(id, v)),
  };
  return { source, reads };
}

export type Handle = ReturnType<typeof registry>;

/** `path` (with its query) on ORIGIN, by `method`. */
export const request = (handle: Handle, path: string, init: RequestInit = {}) =>
  handle(new Request(`${ORIGIN}${path}`, init));

/** A GET of `path`, its status, headers and JSON body. */
export async function getJson(handle: Handle, path: string) {
  const res = await request(handle, path);
  return { status: res.status, headers: res.headers, body: await res.json() };
}
