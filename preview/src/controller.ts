/**
 * What the view does with the host: tool results in, server tool calls and link requests out, all
 * through the ext-apps `App`. Pure of React; view.tsx renders the store this fills.
 */
import type { App } from "@modelcontextprotocol/ext-apps";
import { copyExact } from "./copy.ts";
import type { LucidePack } from "./lucide.ts";
import { componentModules } from "./modules.ts";
import { readResult, type Shown } from "./result.ts";
import { load } from "./runner.ts";
import type { Loaded, Store, Theme, Width } from "./store.ts";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function sha256Hex(text: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function createController(app: App, store: Store, pack: LucidePack) {
  // Reported while the component renders: stored after it, since a store update re-renders the view.
  const notices = {
    unknownIcon: (name: string) =>
      queueMicrotask(() =>
        store.set((s) => (s.unknownIcons.includes(name) ? {} : { unknownIcons: [...s.unknownIcons, name] })),
      ),
    externalImage: (url: string) =>
      queueMicrotask(() =>
        store.set((s) => (s.externalImages.includes(url) ? {} : { externalImages: [...s.externalImages, url] })),
      ),
  };
  const require = componentModules(pack, notices);
  let runs = 0;

  function showComponent(shown: Extract<Shown, { kind: "component" }>) {
    const run = ++runs;
    let loaded: Loaded;
    try {
      loaded = { ...shown, Component: load(shown.code, require), run };
    } catch (e) {
      loaded = { ...shown, error: message(e), run };
    }
    store.set({
      view: { kind: "component", loaded },
      busy: undefined,
      notice: undefined,
      unknownIcons: [],
      externalImages: [],
      copied: undefined,
    });
    void sha256Hex(shown.code).then((hex) => {
      if (hex === undefined) return;
      store.set((s) =>
        s.view.kind === "component" && s.view.loaded.run === run
          ? { view: { kind: "component", loaded: { ...s.view.loaded, verified: hex === shown.metadata.sha256 } } }
          : {},
      );
    });
  }

  async function callGetComponent(args: Record<string, string>, busy: string) {
    if (!app.getHostCapabilities()?.serverTools) {
      store.set({ notice: "This host does not let views call tools, so other versions cannot be fetched here." });
      return;
    }
    store.set({ busy, notice: undefined });
    try {
      const shown = readResult(await app.callServerTool({ name: "get_component", arguments: args }));
      if (shown.kind === "component") showComponent(shown);
      else
        store.set({
          busy: undefined,
          notice: shown.kind === "error" ? shown.message : "get_component returned no component.",
        });
    } catch (e) {
      store.set({ busy: undefined, notice: `get_component failed: ${message(e)}` });
    }
  }

  /** A tool result from the host: get_component (or a version we asked for), get_pattern, or an error. */
  function show(shown: Shown) {
    if (shown.kind === "component") return showComponent(shown);
    store.set({ view: { kind: "message", shown }, busy: undefined, notice: undefined });
    if (shown.kind === "pattern" && shown.hasComponent)
      void callGetComponent({ pattern_id: shown.patternId }, `Fetching the component of ${shown.title}…`);
  }

  /** The host's theme (at connect, and when it changes), unless the user chose one. */
  const hostTheme = (theme: Theme | undefined) =>
    store.set((s) => (theme && !s.themeChosen && theme !== s.theme ? { theme } : {}));

  return {
    show,
    result: (result: Parameters<typeof readResult>[0]) => show(readResult(result)),
    input(args: Record<string, unknown> | undefined) {
      const ref = typeof args?.pattern_id === "string" ? args.pattern_id : undefined;
      if (store.get().view.kind === "waiting")
        store.set({ view: { kind: "waiting", note: ref ? `Fetching ${ref}…` : "Fetching the component…" } });
    },
    cancelled(reason?: string) {
      if (store.get().view.kind === "waiting")
        store.set({
          view: {
            kind: "waiting",
            note: reason ? `The tool call was cancelled: ${reason}` : "The tool call was cancelled.",
          },
        });
    },
    switchVersion(versionId: string) {
      const { view } = store.get();
      if (view.kind !== "component" || view.loaded.metadata.version_id === versionId) return;
      void callGetComponent(
        { pattern_id: view.loaded.metadata.pattern_id, version_id: versionId },
        `Fetching ${versionId}…`,
      );
    },
    /** The user's choice wins over the host's theme from then on. */
    setTheme: (theme: Theme) => store.set({ theme, themeChosen: true }),
    hostTheme,
    /** After the handshake: the host's capabilities decide what the toolbar enables. */
    connected(theme: Theme | undefined) {
      hostTheme(theme);
      store.refresh();
    },
    setWidth: (width: Width) => store.set({ width }),
    async copy() {
      const { view } = store.get();
      if (view.kind !== "component") return;
      store.set({ copied: (await copyExact(view.loaded.code)) ? "copied" : "failed" });
    },
    async openPage() {
      const { view } = store.get();
      const url =
        view.kind === "component"
          ? view.loaded.url
          : view.kind === "message" && view.shown.kind === "pattern"
            ? view.shown.url
            : undefined;
      if (!url) return;
      try {
        const result = await app.openLink({ url });
        if (result.isError) store.set({ notice: "The host declined to open the link." });
      } catch (e) {
        store.set({ notice: `The host could not open the link: ${message(e)}` });
      }
    },
    /** An error the component threw outside rendering (an event handler, a timer). */
    runtimeError(e: unknown) {
      store.set({ notice: `The component threw: ${message(e)}` });
    },
  };
}

export type Controller = ReturnType<typeof createController>;
