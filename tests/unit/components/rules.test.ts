/**
 * usage_rules against an independent reading of each fixture with the TypeScript parser: the tokens
 * in string, template and JSX text, and the packages of import/export declarations and import().
 */
import { describe, expect, it } from "vitest";
import ts from "typescript";
import { cssVariables, dependencies, usageRules, UI_TOKENS } from "../../../src/components/rules.ts";
import { fixtures } from "../../helpers/components.ts";

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Tokens and package imports as the parser sees them (comments do not count). */
function groundTruth(text: string) {
  const file = ts.createSourceFile("c.tsx", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const tokens = new Set<string>();
  const packages = new Set<string>();
  const addPackage = (spec: string) => {
    if (spec.startsWith(".") || spec.startsWith("/") || spec.startsWith("node:")) return;
    const parts = spec.split("/");
    packages.add(spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  };
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      for (const m of node.text.matchAll(/--ui-[a-z0-9]+(?:-[a-z0-9]+)*/g)) tokens.add(m[0]);
    }
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      addPackage(node.moduleSpecifier.text);
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      addPackage(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { tokens: [...tokens].sort(), packages: [...packages].sort() };
}

const versions = fixtures.flatMap((f) =>
  f.code.map((c) => ({ label: `${f.name}/${c.versionId}`, text: decoder.decode(c.bytes) })),
);

describe("usage_rules match what the code references", () => {
  it.each(versions)("$label", ({ text }) => {
    const truth = groundTruth(text);
    const rules = usageRules(text);
    expect(rules.required_css_variables).toEqual(truth.tokens);
    expect(rules.dependencies).toEqual(truth.packages);
    expect(rules.animation_libraries).toEqual(truth.packages.filter((p) => p === "framer-motion"));
    for (const t of rules.required_css_variables) expect(UI_TOKENS).toContain(t);
  });

  it("framer-motion is detected where the catalog uses heavy motion", () => {
    const libs = (name: string, v: string) =>
      usageRules(versions.find((x) => x.label === `${name}/${v}`)!.text).animation_libraries;
    expect(libs("drag-and-drop", "seed")).toEqual(["framer-motion"]);
    expect(libs("bottom-sheet", "seed")).toEqual(["framer-motion"]);
    expect(libs("accordion", "seed")).toEqual([]);
  });

  it("every fixture imports react and only known packages", () => {
    for (const { label, text } of versions) {
      const deps = dependencies(text);
      expect(deps, label).toContain("react");
      for (const d of deps) expect(["react", "lucide-react", "framer-motion"], label).toContain(d);
    }
  });
});

describe("rules extraction edge cases", () => {
  it("reads tokens from arbitrary values, var() fallbacks and style objects, once each, sorted", () => {
    const code = `const a = "bg-[var(--ui-surface)] text-[color:var(--ui-text-muted)]";
const s = { color: "var(--ui-accent, var(--ui-text))", borderRadius: \`calc(var(--ui-corners) * 2)\` };
const again = "var(--ui-surface)";`;
    expect(cssVariables(code)).toEqual(["--ui-accent", "--ui-corners", "--ui-surface", "--ui-text", "--ui-text-muted"]);
  });

  it("reads every import form and keeps scoped package names, without relative or node: imports", () => {
    const code = `import React, { useState } from "react";
import {
  ChevronDown,
  X,
} from 'lucide-react';
import type { Variants } from "framer-motion";
import "@fontsource/inter/400.css";
export { cn } from "./utils";
import fs from "node:fs";
const lazy = () => import("@radix-ui/react-dialog");
export * from "clsx";
const text = "import nothing from here";`;
    expect(dependencies(code)).toEqual([
      "@fontsource/inter",
      "@radix-ui/react-dialog",
      "clsx",
      "framer-motion",
      "lucide-react",
      "react",
    ]);
  });
});
