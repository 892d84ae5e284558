/**
 * Parts of a `Request.url` without `new URL()`, which costs a native parse per request. The runtime
 * serialized `Request.url`, so it is absolute and canonical (lowercase host, dotted IPv4, no
 * userinfo, no default port): slicing gives exactly what `new URL(url).hostname` / `.pathname` /
 * `.origin` would.
 */

const authorityEnd = (url: string, start: number) => {
  let end = start;
  while (end < url.length && url[end] !== "/" && url[end] !== "?" && url[end] !== "#") end++;
  return end;
};

export function urlHostname(url: string): string {
  const start = url.indexOf("//") + 2;
  const authority = url.slice(start, authorityEnd(url, start));
  if (authority.startsWith("[")) return authority.slice(0, authority.indexOf("]") + 1);
  const colon = authority.indexOf(":");
  return colon === -1 ? authority : authority.slice(0, colon);
}

export function urlOrigin(url: string): string {
  return url.slice(0, authorityEnd(url, url.indexOf("//") + 2));
}

export function urlPathname(url: string): string {
  const start = authorityEnd(url, url.indexOf("//") + 2);
  let end = start;
  while (end < url.length && url[end] !== "?" && url[end] !== "#") end++;
  return start === end ? "/" : url.slice(start, end);
}
