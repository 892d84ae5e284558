/**
 * A minimal MCP Apps host for the tests and `npm run preview:screens`, built on the ext-apps host
 * side (`AppBridge`): it connects the official MCP client to the endpoint, declaring the
 * io.modelcontextprotocol/ui extension, mounts a view in an iframe sandboxed to `allow-scripts` (no
 * same origin), proxies the view's tool calls to the server, records open-link requests, and hands
 * the view tool inputs and results. The page that loads it sets the view's URL and CSP (see
 * scripts/dev/preview-harness.ts); everything here runs in the browser.
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  AppBridge,
  buildAllowAttribute,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/app-bridge";

const UI = "io.modelcontextprotocol/ui";

export interface MountOptions {
  endpoint: string;
  /** The view's URL, served with the host's CSP. */
  viewUrl: string;
  /** `_meta.ui.permissions` of the resource, mapped to the iframe's `allow` attribute as hosts do. */
  permissions?: Record<string, object>;
  theme?: "light" | "dark";
  /** The iframe's width in CSS pixels (a chat column). */
  width?: number;
  /** Pin the client to MCP 2026-07-28 instead of the legacy handshake. */
  modern?: boolean;
}

export interface Host {
  /** Calls a tool on the server as an agent would, and shows its input and result in the view. */
  call(name: string, args: Record<string, unknown>): Promise<unknown>;
  /** Shows a result the test made (a broken component, say) as if the tool had returned it. */
  show(args: Record<string, unknown>, result: unknown): Promise<void>;
  /** URLs the view asked the host to open. */
  opened: string[];
  /** Tool calls the view made through the host. */
  viewCalls: { name: string; arguments?: Record<string, unknown> }[];
  setTheme(theme: "light" | "dark"): Promise<void>;
}

declare global {
  interface Window {
    mountPreview(options: MountOptions): Promise<void>;
    previewHost?: Host;
  }
}

window.mountPreview = async (options) => {
  const client = new Client({ name: "patttterns-preview-test-host", version: "1.0.0" }, {
    capabilities: { extensions: { [UI]: { mimeTypes: [RESOURCE_MIME_TYPE] } } },
    ...(options.modern ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
  } as ConstructorParameters<typeof Client>[1]);
  await client.connect(new StreamableHTTPClientTransport(new URL(options.endpoint)));

  const iframe = document.createElement("iframe");
  iframe.sandbox.add("allow-scripts");
  iframe.allow = buildAllowAttribute(options.permissions);
  iframe.title = "Component preview";
  iframe.style.cssText = `display:block;border:0;width:${options.width ?? 760}px;height:400px`;
  iframe.src = options.viewUrl;
  document.body.appendChild(iframe);

  const hostInfo = { name: "patttterns-preview-test-host", version: "1.0.0" };
  // No client handed to the bridge: this host proxies the view's requests itself, and records them.
  const bridge = new AppBridge(
    null,
    hostInfo,
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {} },
    {
      hostContext: {
        theme: options.theme ?? "light",
        displayMode: "inline",
        platform: "web",
        containerDimensions: { width: options.width ?? 760, maxHeight: 6000 },
      },
    },
  );
  const opened: string[] = [];
  const viewCalls: Host["viewCalls"] = [];
  bridge.onopenlink = async ({ url }) => {
    opened.push(url);
    return {};
  };
  bridge.oncalltool = async (params) => {
    viewCalls.push({ name: params.name, arguments: params.arguments });
    return client.callTool(params) as ReturnType<NonNullable<AppBridge["oncalltool"]>>;
  };
  bridge.onreadresource = async (params) => client.readResource(params);
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) iframe.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => bridge.addEventListener("initialized", () => resolve()));
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  await initialized;

  const show = async (args: Record<string, unknown>, result: unknown) => {
    await bridge.sendToolInput({ arguments: args });
    await bridge.sendToolResult(result as Parameters<AppBridge["sendToolResult"]>[0]);
  };
  window.previewHost = {
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      await show(args, result);
      return result;
    },
    show,
    opened,
    viewCalls,
    setTheme: async (theme) => bridge.sendHostContextChange({ theme }),
  };
};
