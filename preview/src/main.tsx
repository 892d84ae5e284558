/**
 * The component preview, an MCP App (io.modelcontextprotocol/ui) view: get_component's result comes
 * in through the ext-apps `App`, its TSX is compiled and rendered here, and the toolbar switches
 * versions (get_component through the host), theme and width, copies the exact code and opens the
 * pattern's page (the host's open-link request). scripts/build/preview.ts inlines it into one HTML file.
 */
// Tailwind's browser build, configured first: it compiles the utilities the component uses as it renders.
import "./tailwind.ts";
import "@tailwindcss/browser";
import { App } from "@modelcontextprotocol/ext-apps";
import { createRoot } from "react-dom/client";
import pack from "virtual:lucide-pack";
import { createController } from "./controller.ts";
import { running } from "./runner.ts";
import { createStore } from "./store.ts";
import { Preview } from "./view.tsx";

const app = new App({ name: "patttterns-component-preview", version: "1.0.0" }, {}, { autoResize: true });
const prefersDark = typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
const store = createStore({
  view: { kind: "waiting", note: "Waiting for the component…" },
  theme: prefersDark ? "dark" : "light",
  width: "fit",
  unknownIcons: [],
  externalImages: [],
});
const controller = createController(app, store, pack);

// Registered before connect(): the host may send them as soon as the handshake ends.
app.ontoolinput = (params) => controller.input(params.arguments);
app.ontoolresult = (result) => controller.result(result);
app.ontoolcancelled = (params) => controller.cancelled(params.reason);
app.onhostcontextchanged = (context) => controller.hostTheme(context.theme);
app.onteardown = async () => ({});

// A component's errors outside rendering (handlers, timers, promises) become a notice, not a console error.
addEventListener("error", (event) => {
  if (running()) return;
  event.preventDefault();
  controller.runtimeError(event.error ?? event.message);
});
addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  controller.runtimeError(event.reason);
});

const hostCapabilities = () => {
  const caps = app.getHostCapabilities();
  return { serverTools: !!caps?.serverTools, openLinks: !!caps?.openLinks };
};
// Errors a render throws are shown by the component's error boundary; React need not log them too.
createRoot(document.getElementById("app")!, { onCaughtError: () => {} }).render(
  <Preview store={store} controller={controller} capabilities={hostCapabilities} />,
);

app.connect().then(
  () => controller.connected(app.getHostContext()?.theme),
  (e: unknown) => store.set({ notice: `Could not connect to the host: ${e instanceof Error ? e.message : String(e)}` }),
);
