/** The view: a toolbar over the stage where the component renders, inside an error boundary. */
import { Component, type ReactNode, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Controller } from "./controller.ts";
import type { Loaded, State, Store, Width } from "./store.ts";
import { WIDTHS } from "./store.ts";

class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (this.state.error === undefined) return this.props.children;
    const text = this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return <Failure title="The component threw while rendering" text={text} />;
  }
}

function Failure({ title, text }: { title: string; text: string }) {
  return (
    <div className="pv-error" role="alert" data-preview-error>
      <strong>{title}</strong>
      <pre>{text}</pre>
    </div>
  );
}

/** The stage at `width`, scaled down to fit when the view is narrower, so a 1280 px layout shows whole. */
function Frame({ width, children }: { width: Width; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ available: 0, height: 0 });
  useLayoutEffect(() => {
    const measure = () =>
      setBox({ available: outer.current?.clientWidth ?? 0, height: inner.current?.offsetHeight ?? 0 });
    measure();
    const observer = new ResizeObserver(measure);
    if (outer.current) observer.observe(outer.current);
    if (inner.current) observer.observe(inner.current);
    return () => observer.disconnect();
  }, []);
  const scale = width === "fit" || box.available === 0 ? 1 : Math.min(1, box.available / width);
  return (
    <div
      ref={outer}
      className="pv-viewport"
      style={{ height: box.height ? box.height * scale + 2 : undefined }}
      data-scale={scale}
    >
      <div
        ref={inner}
        className="pv-scaler"
        style={{ width: width === "fit" ? "100%" : width, transform: scale < 1 ? `scale(${scale})` : undefined }}
      >
        {children}
      </div>
    </div>
  );
}

function Stage({ state }: { state: State }) {
  const { view } = state;
  let body: ReactNode;
  let status: string;
  if (view.kind === "waiting") {
    status = "waiting";
    body = <p className="pv-message">{view.note}</p>;
  } else if (view.kind === "message") {
    const { shown } = view;
    status = shown.kind;
    body =
      shown.kind === "error" ? (
        <Failure
          title="The tool returned an error"
          text={shown.suggestion ? `${shown.message}\n${shown.suggestion}` : shown.message}
        />
      ) : (
        <p className="pv-message">
          {shown.hasComponent ? `${shown.title} ${shown.catalogNumber ?? ""}` : `${shown.title} has no component yet.`}
        </p>
      );
  } else {
    const { loaded } = view;
    status = loaded.error === undefined ? "ready" : "error";
    body = loaded.Component ? (
      <Boundary key={loaded.run}>
        <loaded.Component />
      </Boundary>
    ) : (
      <Failure title="The component could not be compiled" text={loaded.error ?? ""} />
    );
  }
  const loaded = view.kind === "component" ? view.loaded : undefined;
  return (
    <div
      className="pv-stage"
      id="pv-stage"
      data-state={status}
      data-width={state.width}
      data-run={loaded?.run}
      data-pattern={loaded?.metadata.pattern_id}
      data-version={loaded?.metadata.version_id}
    >
      <div id="pv-root">{body}</div>
    </div>
  );
}

function versionLabel(id: string, loaded: Loaded) {
  return id === loaded.metadata.active_version_id ? `${id} · active` : id;
}

function Toolbar({
  state,
  controller,
  canSwitch,
  canOpen,
}: {
  state: State;
  controller: Controller;
  canSwitch: boolean;
  canOpen: boolean;
}) {
  const loaded = state.view.kind === "component" ? state.view.loaded : undefined;
  const pattern = state.view.kind === "message" && state.view.shown.kind === "pattern" ? state.view.shown : undefined;
  const versions = loaded?.metadata.available_versions ?? [];
  return (
    <div className="pv-bar" role="toolbar" aria-label="Preview controls">
      <label>
        <span className="pv-hidden">Version</span>
        <select
          id="pv-version"
          className="pv-select"
          value={loaded?.metadata.version_id ?? ""}
          disabled={!loaded || !canSwitch || versions.length < 2 || !!state.busy}
          onChange={(e) => controller.switchVersion(e.target.value)}
        >
          {loaded ? (
            versions.map((v) => (
              <option key={v} value={v}>
                {versionLabel(v, loaded)}
              </option>
            ))
          ) : (
            <option value="">—</option>
          )}
        </select>
      </label>
      {/* biome-ignore lint/a11y/useSemanticElements: segmented toolbar buttons, not a form fieldset */}
      <div className="pv-group" role="group" aria-label="Theme">
        {(["light", "dark"] as const).map((t) => (
          <button
            key={t}
            type="button"
            className="pv-button"
            data-theme={t}
            aria-pressed={state.theme === t}
            onClick={() => controller.setTheme(t)}
          >
            {t === "light" ? "Light" : "Dark"}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: segmented toolbar buttons, not a form fieldset */}
      <div className="pv-group" role="group" aria-label="Preview width">
        {WIDTHS.map((w) => (
          <button
            key={w}
            type="button"
            className="pv-button"
            data-width={w}
            aria-pressed={state.width === w}
            onClick={() => controller.setWidth(w)}
          >
            {w === "fit" ? "Fit" : w}
          </button>
        ))}
      </div>
      <span className="pv-spacer" />
      <button
        type="button"
        className="pv-button"
        data-copy
        data-state={state.copied ?? "idle"}
        disabled={!loaded}
        onClick={() => void controller.copy()}
      >
        {state.copied === "copied" ? "Copied" : state.copied === "failed" ? "Copy failed" : "Copy code"}
      </button>
      <button
        type="button"
        className="pv-button"
        data-open
        disabled={!canOpen || !(loaded?.url ?? pattern?.url)}
        onClick={() => void controller.openPage()}
      >
        Open on patttterns.com
      </button>
    </div>
  );
}

function Heading({ state }: { state: State }) {
  const loaded = state.view.kind === "component" ? state.view.loaded : undefined;
  const pattern = state.view.kind === "message" && state.view.shown.kind === "pattern" ? state.view.shown : undefined;
  return (
    <div className="pv-title">
      <strong>{loaded?.metadata.name ?? pattern?.title ?? "Component preview"}</strong>
      <span className="pv-muted">{loaded?.metadata.catalog_number ?? pattern?.catalogNumber}</span>
    </div>
  );
}

function Status({ state }: { state: State }) {
  const loaded = state.view.kind === "component" ? state.view.loaded : undefined;
  const items: ReactNode[] = [];
  if (state.busy)
    items.push(
      <span key="busy" aria-live="polite">
        {state.busy}
      </span>,
    );
  if (loaded) {
    items.push(<span key="bytes">{loaded.metadata.bytes.toLocaleString("en")} bytes</span>);
    if (loaded.verified !== undefined) {
      items.push(
        <span key="sha" id="pv-sha" data-verified={String(loaded.verified)}>
          {loaded.verified ? "sha256 matches" : "sha256 differs from the metadata"}
        </span>,
      );
    }
  }
  if (state.unknownIcons.length)
    items.push(
      <span key="icons" data-unknown-icons>
        Unknown icons shown as boxes: {state.unknownIcons.join(", ")}
      </span>,
    );
  if (state.externalImages.length)
    items.push(
      <span key="images" data-external-images>
        {state.externalImages.length} external image(s) shown as placeholders: the preview has no network
      </span>,
    );
  if (state.notice)
    items.push(
      <span key="notice" className="pv-notice-error" role="status" data-notice>
        {state.notice}
      </span>,
    );
  return <div className="pv-status">{items}</div>;
}

export function Preview({
  store,
  controller,
  capabilities,
}: {
  store: Store;
  controller: Controller;
  capabilities: () => { serverTools: boolean; openLinks: boolean };
}) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  useEffect(() => {
    document.documentElement.dataset.theme = state.theme;
  }, [state.theme]);
  const { serverTools, openLinks } = capabilities();
  return (
    <div className="pv">
      <div className="pv-head">
        <Heading state={state} />
        <Status state={state} />
      </div>
      <Toolbar state={state} controller={controller} canSwitch={serverTools} canOpen={openLinks} />
      <Frame width={state.width}>
        <Stage state={state} />
      </Frame>
    </div>
  );
}
