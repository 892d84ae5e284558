/**
 * The packages a previewed component may import, bundled into the view: react, react-dom,
 * lucide-react and framer-motion (also under its newer name, motion/react). Anything else fails the
 * preview with an error that names the import.
 *
 * The view has no network (the default CSP: `img-src 'self' data:`, `connect-src 'none'`), so an
 * external image would only log a CSP violation and show nothing. The React handed to components
 * swaps such sources for a placeholder picture before the browser sees them, and reports each one.
 */
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";
import * as JsxRuntime from "react/jsx-runtime";
import * as Motion from "framer-motion";
import { type LucidePack, lucideModule } from "./lucide.ts";
import type { Require } from "./runner.ts";

export interface Notices {
  /** An icon name lucide-react does not export (rendered as a placeholder). */
  unknownIcon(name: string): void;
  /** An external image source replaced by the placeholder. */
  externalImage(url: string): void;
}

/** A neutral picture (a landscape glyph on grey) for images the view cannot load. */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#d4d4d8"/><path d="M14 46l12-14 9 10 6-7 9 11z" fill="#a1a1aa"/><circle cx="42" cy="22" r="5" fill="#a1a1aa"/></svg>',
)}`;

const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:)?\/\//i;
const remote = (v: unknown): v is string => typeof v === "string" && REMOTE.test(v) && !/^\s*data:/i.test(v);
const MEDIA = new Set(["img", "source", "video", "audio"]);

/** Props with remote image or media sources replaced; the same object when there are none. */
function offline<P>(type: unknown, props: P, notices: Notices): P {
  if (typeof type !== "string" || !MEDIA.has(type) || props === null || typeof props !== "object") return props;
  const p = props as Record<string, unknown>;
  const src = remote(p.src) ? p.src : undefined;
  const srcSet = remote(p.srcSet) ? p.srcSet : undefined;
  const poster = remote(p.poster) ? p.poster : undefined;
  if (src === undefined && srcSet === undefined && poster === undefined) return props;
  const out: Record<string, unknown> = { ...p };
  for (const url of [src, srcSet, poster]) if (url !== undefined) notices.externalImage(url);
  if (src !== undefined)
    Object.assign(out, { src: type === "img" ? IMAGE_PLACEHOLDER : undefined, "data-preview-src": src });
  if (srcSet !== undefined) out.srcSet = undefined;
  if (poster !== undefined) out.poster = IMAGE_PLACEHOLDER;
  return out as P;
}

export function componentModules(pack: LucidePack, notices: Notices): Require {
  const jsx = (fn: (type: any, props: any, key?: any) => unknown) => (type: unknown, props: unknown, key?: unknown) =>
    fn(type, offline(type, props, notices), key);
  const createElement = (type: any, props: any, ...children: unknown[]) =>
    React.createElement(type, offline(type, props, notices), ...(children as []));
  const react = { ...React, createElement, __esModule: true };
  (react as Record<string, unknown>).default = react;
  const motion = { ...Motion, __esModule: true };
  const modules: Record<string, unknown> = {
    react,
    "react/jsx-runtime": { ...JsxRuntime, jsx: jsx(JsxRuntime.jsx), jsxs: jsx(JsxRuntime.jsxs), __esModule: true },
    "react-dom": { ...ReactDOM, default: ReactDOM, __esModule: true },
    "react-dom/client": { ...ReactDOMClient, default: ReactDOMClient, __esModule: true },
    "lucide-react": lucideModule(pack, notices.unknownIcon),
    "framer-motion": motion,
    "motion/react": motion,
  };
  return (specifier) => {
    if (Object.hasOwn(modules, specifier)) return modules[specifier];
    throw new Error(
      `Cannot preview an import of "${specifier}": the preview provides ${Object.keys(modules).join(", ")}.`,
    );
  };
}
