/**
 * Turns a component's TSX into a React component inside the view, under the CSP hosts give views by
 * default: `script-src 'self' 'unsafe-inline'` and no `unsafe-eval`. So no `eval` and no `new Function`:
 * sucrase compiles the TSX to a CommonJS function body, which runs as the text of an inline script
 * element (allowed by 'unsafe-inline'), handed its `require` through a one-use global slot.
 */
import type { ComponentType } from "react";
import { transform } from "sucrase";

export type Require = (specifier: string) => unknown;

/** TSX to CommonJS: types stripped, JSX through react/jsx-runtime, imports as `require` calls. */
export function transpile(code: string): string {
  return transform(code, {
    transforms: ["typescript", "jsx", "imports"],
    jsxRuntime: "automatic",
    production: true,
    filePath: "component.tsx",
  }).code;
}

let runs = 0;
let depth = 0;

/** True while a component module runs: its errors belong to `run`, not to the page's error handler. */
export const running = () => depth > 0;

/**
 * Runs CommonJS `compiled` and returns its exports. An inline script runs synchronously when it is
 * inserted; a syntax or top-level error surfaces as a window `error` event, caught here (and kept off
 * the console) and thrown to the caller.
 */
export function run(compiled: string, require: Require): Record<string, unknown> {
  const slot = `__patttternsPreview${++runs}`;
  const module = { exports: {} as Record<string, unknown> };
  const globals = window as unknown as Record<string, unknown>;
  globals[slot] = { require, module };
  let failure: unknown;
  const onError = (event: ErrorEvent) => {
    failure ??= event.error ?? new Error(event.message);
    event.preventDefault();
  };
  const script = document.createElement("script");
  // The newline before `}` ends a trailing line comment; "use strict" stays the body's first statement.
  script.text = `(function (require, module, exports) {\n${compiled}\n})(${slot}.require, ${slot}.module, ${slot}.module.exports);`;
  addEventListener("error", onError);
  depth++;
  try {
    document.head.appendChild(script);
  } finally {
    depth--;
    removeEventListener("error", onError);
    script.remove();
    delete globals[slot];
  }
  if (failure !== undefined) throw failure;
  return module.exports;
}

/** The module's default export, or its only exported component. */
export function componentOf(exports: Record<string, unknown>): ComponentType {
  const candidates = "default" in exports ? [exports.default] : Object.values(exports);
  const found = candidates.filter(
    (v) => typeof v === "function" || (typeof v === "object" && v !== null && "$$typeof" in v),
  );
  if (found.length !== 1)
    throw new Error("The component file must export one React component (export default function …).");
  return found[0] as ComponentType;
}

/** Compiles and runs `code`; throws with a message the user can read (sucrase gives line and column). */
export function load(code: string, require: Require): ComponentType {
  return componentOf(run(transpile(code), require));
}
