/**
 * The 2026-07-28 result envelope: `resultType`, the cache hints on lists, and the server's
 * Implementation in `_meta` (docs/protocol.md, B2 and B3). Legacy results carry none of it.
 */
import { CACHE_HINTS } from "./constants.ts";
import { META } from "./era.ts";
import type { RpcResult } from "./jsonrpc.ts";
import { type ServerInfo, implementation } from "./lifecycle.ts";
import { asciiJson, Prebuilt } from "./wire.ts";

/** `wrap(result, list)`: the result as a 2026-07-28 client receives it. */
export function modernEnvelope(info: ServerInfo): (result: RpcResult, list: boolean) => RpcResult {
  const meta = { [META.serverInfo]: implementation(info) };
  const after = { list: { ...CACHE_HINTS.lists, _meta: meta }, plain: { _meta: meta } };
  // What the envelope adds after a result's own members, as wire JSON: `"ttlMs":…,"_meta":{…}}`.
  const tail = (members: object) => asciiJson(JSON.stringify(members)).slice(1);
  const tails = { list: tail(after.list), plain: tail(after.plain) };

  return (result, list) => {
    const kind = list ? "list" : "plain";
    // A result's own resultType (MRTR's input_required) stays, in the first place.
    if (!(result instanceof Prebuilt)) return { resultType: "complete", ...result, ...after[kind] };
    // A prebuilt result (a tool list or a tool's result: none of the envelope's keys) is wrapped in
    // its JSON, not serialized again.
    const members = result.json.slice(1, -1);
    return new Prebuilt(`{"resultType":"complete",${members}${members === "" ? "" : ","}${tails[kind]}`);
  };
}
