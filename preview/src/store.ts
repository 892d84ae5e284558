/**
 * The view's state, outside React so the App's notifications (which may arrive before React has
 * rendered) have somewhere to go. React reads it with useSyncExternalStore.
 */
import type { ComponentType } from "react";
import type { ComponentMetadata, Shown } from "./result.ts";

export type Theme = "light" | "dark";
/** "fit" is the view's own width; the others are the widths responsive layouts are checked at. */
export type Width = "fit" | 320 | 768 | 1280;
export const WIDTHS: Width[] = ["fit", 320, 768, 1280];

export interface Loaded {
  code: string;
  metadata: ComponentMetadata;
  url?: string;
  /** Set when the code compiled and ran; `error` otherwise. */
  Component?: ComponentType;
  error?: string;
  /** Changes on every load, so the error boundary and the component's state start afresh. */
  run: number;
  /** Whether the code's sha256 equals metadata.sha256; undefined until computed (or without WebCrypto). */
  verified?: boolean;
}

export interface State {
  /** What is on the stage. */
  view:
    | { kind: "waiting"; note: string }
    | { kind: "component"; loaded: Loaded }
    | { kind: "message"; shown: Exclude<Shown, { kind: "component" }> };
  /** A request in flight (a version switch), shown over the current view. */
  busy?: string;
  /** A failure that did not replace the view (a version that could not be fetched, a runtime error). */
  notice?: string;
  theme: Theme;
  /** Set once the user switches the theme: the host's theme no longer applies. */
  themeChosen?: boolean;
  width: Width;
  unknownIcons: string[];
  externalImages: string[];
  copied?: "copied" | "failed";
}

export function createStore(initial: State) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    /** Merges `patch` and re-renders; an empty patch changes nothing. */
    set(patch: Partial<State> | ((s: State) => Partial<State>)) {
      const next = typeof patch === "function" ? patch(state) : patch;
      if (Object.keys(next).length === 0) return;
      state = { ...state, ...next };
      for (const l of listeners) l();
    },
    /** Re-renders with the same state values (host capabilities changed outside the store). */
    refresh() {
      state = { ...state };
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type Store = ReturnType<typeof createStore>;
