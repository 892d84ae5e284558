/**
 * TEST-ONLY server: the conformance suite's fixture tools, resources and prompts, registered on
 * our own protocol core (`createServer` + `createHttpHandler`) with every extension of
 * tests/conformance/extensions (prompts, logging and progress, completion, MRTR, Mcp-Param headers, required
 * client capabilities), served over node:http on 127.0.0.1. It proves the core against the suite's
 * full server set while the production server stays without them. Names and payloads are the ones
 * the scenarios in node_modules/@modelcontextprotocol/conformance call and check.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import { once } from "node:events";
import { Readable } from "node:stream";
import { z } from "zod";
import { requiredCapabilities } from "./extensions/client-capabilities.ts";
import { completion } from "./extensions/completion.ts";
import { logging, progress } from "./extensions/notifications.ts";
import { paramHeaders } from "./extensions/param-headers.ts";
import { type Prompt, prompts as promptsExtension } from "./extensions/prompts.ts";
import { createHttpHandler, fetchHandler } from "../../src/mcp/http.ts";
import { createOriginPolicy } from "../../src/http/index.ts";
import type { Resource, ResourceTemplate } from "../../src/mcp/resource.ts";
import { createServer } from "../../src/mcp/server.ts";
import { blocks, type ListedTool, type Tool } from "../../src/mcp/tool.ts";
import { domainError, failure, invalidArguments } from "../../src/errors.ts";
import { defineListedTool } from "../helpers/json-schema.ts";
import { mrtr, mrtrPrompt, mrtrTools } from "./fixture-mrtr.ts";

/** A 1×1 red PNG and a minimal WAV, as the suite's reference server sends them. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
const WAV = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";

const none = z.object({});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const text = (t: string) => ({ type: "text", text: t });

type D = undefined;
const logs = logging<D>();
const tool = (
  name: string,
  description: string,
  run: Tool<D, typeof none>["run"],
  extra: Partial<Tool<D, typeof none>> = {},
) => defineListedTool<D, typeof none>({ name, description, input: none, run, ...extra });

const tools: ListedTool<D>[] = [
  tool("test_simple_text", "Returns simple text content.", async () =>
    blocks([text("This is a simple text response for testing.")]),
  ),
  tool("test_image_content", "Returns image content.", async () =>
    blocks([{ type: "image", data: PNG, mimeType: "image/png" }]),
  ),
  tool("test_audio_content", "Returns audio content.", async () =>
    blocks([{ type: "audio", data: WAV, mimeType: "audio/wav" }]),
  ),
  tool("test_embedded_resource", "Returns an embedded resource.", async () =>
    blocks([
      {
        type: "resource",
        resource: {
          uri: "test://embedded-resource",
          mimeType: "text/plain",
          text: "This is an embedded resource content.",
        },
      },
    ]),
  ),
  tool("test_multiple_content_types", "Returns text, image and resource content.", async () =>
    blocks([
      text("Multiple content types test:"),
      { type: "image", data: PNG, mimeType: "image/png" },
      {
        type: "resource",
        resource: {
          uri: "test://mixed-content-resource",
          mimeType: "application/json",
          text: JSON.stringify({ test: "data", value: 123 }),
        },
      },
    ]),
  ),
  tool("test_tool_with_logging", "Logs three info messages while it runs.", async (_a, ctx) => {
    for (const [i, msg] of ["Tool execution started", "Tool processing data", "Tool execution completed"].entries()) {
      if (i) await sleep(50);
      logs.log(ctx, "info", msg);
    }
    return blocks([text("Tool with logging executed successfully")]);
  }),
  tool("test_logging_tool", "Logs one info message (2026: only when the request set a logLevel).", async (_a, ctx) => {
    logs.log(ctx, "info", "test_logging_tool ran");
    return blocks([text("logged")]);
  }),
  tool("test_tool_with_progress", "Reports progress 0, 50 and 100 of 100.", async (_a, ctx) => {
    for (const p of [0, 50, 100]) {
      if (p) await sleep(50);
      progress(ctx, p, 100, `Completed step ${p} of 100`);
    }
    return blocks([text("Progress test completed")]);
  }),
  tool("test_error_handling", "Always fails.", async () =>
    failure(
      domainError.upstream_error(
        "This tool intentionally returns an error for testing",
        "Nothing to fix: this tool always fails.",
      ),
    ),
  ),
  // Needs sampling: see requiredCapabilities below.
  tool("test_missing_capability", "Needs the client's sampling capability (2026: -32021 without it).", async () =>
    blocks([text("sampling available")]),
  ),
  // Stateless: no server-to-client request is ever sent on the response stream, only a result.
  tool("test_streaming_elicitation", "Answers without asking the client anything.", async () =>
    blocks([text("no elicitation needed")]),
  ),
  defineListedTool({
    name: "test_custom_headers",
    description:
      "Mirrors its region (and count) arguments into Mcp-Param-Region (and Mcp-Param-Count) headers (x-mcp-header).",
    input: z.object({
      region: z.string().describe("Region to run in.").meta({ "x-mcp-header": "Region" }),
      count: z.number().int().optional().describe("How many.").meta({ "x-mcp-header": "Count" }),
      query: z.string().optional().describe("Anything."),
    }),
    run: async (args) => blocks([text(`region=${args.region}`)]),
  }),
];

const resources: Resource<D>[] = [
  {
    uri: "test://static-text",
    name: "static-text",
    title: "Static Text Resource",
    description: "A static text resource for testing",
    mimeType: "text/plain",
    read: async () => ({
      contents: [
        { uri: "test://static-text", mimeType: "text/plain", text: "This is the content of the static text resource." },
      ],
    }),
  },
  {
    uri: "test://static-binary",
    name: "static-binary",
    title: "Static Binary Resource",
    description: "A static binary resource (image) for testing",
    mimeType: "image/png",
    read: async () => ({ contents: [{ uri: "test://static-binary", mimeType: "image/png", blob: PNG }] }),
  },
];

const TEMPLATE = /^test:\/\/template\/([^/]+)\/data$/;
const templates: ResourceTemplate<D>[] = [
  {
    uriTemplate: "test://template/{id}/data",
    name: "template",
    title: "Resource Template",
    description: "A resource template with parameter substitution",
    mimeType: "application/json",
    read: async (uri) => {
      const id = TEMPLATE.exec(uri)?.[1];
      if (id === undefined) return null;
      return {
        contents: [
          {
            uri,
            mimeType: "application/json",
            text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
          },
        ],
      };
    },
  },
];

const user = (content: unknown) => ({ role: "user", content });
const prompts: Prompt<D>[] = [
  {
    name: "test_simple_prompt",
    title: "Simple Test Prompt",
    description: "A simple prompt without arguments",
    get: async () => ({ messages: [user(text("This is a simple prompt for testing."))] }),
  },
  {
    name: "test_prompt_with_arguments",
    title: "Prompt With Arguments",
    description: "A prompt with required arguments",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
    get: async (a) => ({ messages: [user(text(`Prompt with arguments: arg1='${a.arg1}', arg2='${a.arg2}'`))] }),
  },
  {
    name: "test_prompt_with_embedded_resource",
    title: "Prompt With Embedded Resource",
    description: "A prompt that includes an embedded resource",
    arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
    get: async (a) => ({
      messages: [
        user({
          type: "resource",
          resource: { uri: a.resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." },
        }),
        user(text("Please process the embedded resource above.")),
      ],
    }),
  },
  {
    name: "test_prompt_with_image",
    title: "Prompt With Image",
    description: "A prompt that includes image content",
    get: async () => ({
      messages: [
        user({ type: "image", data: PNG, mimeType: "image/png" }),
        user(text("Please analyze the image above.")),
      ],
    }),
  },
];

const WORDS = ["paris", "park", "party", "test", "testing"];

const complete = completion<D>(async (params) => {
  const arg = params.argument as { value?: unknown } | undefined;
  const prefix = typeof arg?.value === "string" ? arg.value : "";
  const values = WORDS.filter((w) => w.startsWith(prefix));
  return { values, total: values.length, hasMore: false };
});

export function fixtureHandler() {
  const server = createServer<D>({
    info: { name: "patttterns-conformance-fixture", version: "1.0.0" },
    instructions: "Test-only server: the conformance suite's fixtures on the patttterns-mcp protocol core.",
    tools: [...tools, ...mrtrTools],
    argumentsError: invalidArguments,
    resources,
    templates,
    // Capabilities are advertised in this order: prompts, logging, completions.
    extensions: [
      promptsExtension([...prompts, mrtrPrompt], { mrtr }),
      logs,
      complete,
      mrtr,
      paramHeaders(),
      requiredCapabilities({ test_missing_capability: { sampling: {} } }),
    ],
  });
  return fetchHandler(
    createHttpHandler(server, { deps: undefined, origins: createOriginPolicy("https://patttterns.com") }),
  );
}

export interface FixtureServer {
  url: string;
  stop(): Promise<void>;
}

/** Serves the fixture on 127.0.0.1 (port 0 = a free one); `url` ends in /mcp. */
export async function startFixtureServer(port = 0): Promise<FixtureServer> {
  const handle = fixtureHandler();
  let origin = "";
  const server: Server = createHttpServer(async (req, res) => {
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    // The URL names the address we bound, not the Host header, so the core's DNS-rebinding
    // check (a loopback server must see a loopback Host) compares the two.
    const request = new Request(`${origin}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : v] as [string, string]],
      ),
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: "half",
    } as RequestInit);
    const response = await handle(request, { ip: req.socket.remoteAddress });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  origin = `http://127.0.0.1:${actual}`;
  return {
    url: `${origin}/mcp`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// `tsx tests/conformance/fixture-server.ts [port]` serves it until Ctrl-C.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fixture = await startFixtureServer(Number(process.argv[2] ?? 0));
  console.log(`conformance fixture server on ${fixture.url}`);
}
