/**
 * Netlify's in-source routing of an edge function, from its `config`: `path` and `excludedPath` are
 * URLPattern paths (`/mcp`, `/items/:id`, `/api/*`), `pattern` and `excludedPattern` regular
 * expressions, `method` a method or a list of them. Needs the URLPattern global (Deno; not Node 20),
 * so tests run it on Deno (tests/integration/site/edge-routes.test.ts).
 */
import type { Config } from "@netlify/edge-functions";

interface PathPattern {
  exec(input: { pathname: string }): { pathname: { groups: Record<string, string | undefined> } } | null;
}
declare const URLPattern: new (init: { pathname: string }) => PathPattern;

/** The route params when the function takes the request (`{}` without any), else undefined. */
export function router(config: Config = {}) {
  const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const literal = new Set<string>();
  const patterns: PathPattern[] = [];
  for (const p of list(config.path))
    /[*:(){}]/.test(p) ? patterns.push(new URLPattern({ pathname: p })) : literal.add(p);
  const regexes = list(config.pattern).map((p) => new RegExp(p));
  const excluded = list(config.excludedPath).map((p) => new URLPattern({ pathname: p }));
  const excludedRegexes = list(config.excludedPattern).map((p) => new RegExp(p));
  const methods = new Set(list(config.method));
  return (method: string, pathname: string): Record<string, string> | undefined => {
    if (methods.size && !methods.has(method as never)) return undefined;
    let params: Record<string, string> | undefined = literal.has(pathname) ? {} : undefined;
    for (let i = 0; !params && i < patterns.length; i++) {
      const m = patterns[i].exec({ pathname });
      if (m)
        params = Object.fromEntries(
          Object.entries(m.pathname.groups).filter((e): e is [string, string] => e[1] !== undefined),
        );
    }
    if (!params && regexes.some((r) => r.test(pathname))) params = {};
    if (!params || excluded.some((p) => p.exec({ pathname })) || excludedRegexes.some((r) => r.test(pathname)))
      return undefined;
    return params;
  };
}
