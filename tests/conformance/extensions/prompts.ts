/** Prompts as plain values, like tools: the `prompts` capability, prompts/list and prompts/get. */
import type { RequestContext } from "../../../src/mcp/context.ts";
import type { Extension } from "../../../src/mcp/extension.ts";
import { CODES, clip, isObject, RpcError } from "../../../src/mcp/jsonrpc.ts";
import type { Mrtr } from "./mrtr.ts";

export interface PromptArgument {
  name: string;
  description?: string;
  required?: boolean;
}

export interface PromptMessages {
  description?: string;
  messages: unknown[];
}

export interface Prompt<D = unknown> {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  /** The messages; a prompt served with `mrtr` may ask the client for input first (mrtr.ts `needInput`). */
  get(args: Record<string, string>, ctx: RequestContext<D>): Promise<PromptMessages>;
}

/** `mrtr`: the server's MRTR extension, when prompts may ask for input (2026-07-28 only; legacy gets -32602). */
export function prompts<D>(list: Prompt<D>[], opts: { mrtr?: Mrtr<D> } = {}): Extension<D> {
  const byName = new Map(list.map((p) => [p.name, p]));
  return {
    capabilities: { prompts: { listChanged: false } },
    methods: {
      "prompts/list": {
        list: true,
        handle: async () => ({
          result: {
            prompts: list.map(({ name, title, description, arguments: a }) => ({
              name,
              title,
              description,
              arguments: a,
            })),
          },
        }),
      },
      "prompts/get": {
        handle: async (params, ctx) => {
          const prompt = byName.get(typeof params.name === "string" ? params.name : "");
          if (!prompt) throw new RpcError(CODES.invalidParams, `Unknown prompt: ${clip(params.name)}`);
          const args = isObject(params.arguments) ? params.arguments : {};
          const missing = (prompt.arguments ?? [])
            .filter((a) => a.required && typeof args[a.name] !== "string")
            .map((a) => a.name);
          if (missing.length) {
            throw new RpcError(CODES.invalidParams, `Prompt ${prompt.name} needs arguments: ${missing.join(", ")}`);
          }
          const get = async () => ({ result: { ...(await prompt.get(args as Record<string, string>, ctx)) } });
          if (!opts.mrtr) return get();
          return opts.mrtr.around(ctx, get, () => {
            const why = `Prompt ${prompt.name} needs client input, which requires MCP 2026-07-28`;
            throw new RpcError(CODES.invalidParams, why);
          });
        },
      },
    },
  };
}
