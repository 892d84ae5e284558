/** TypeScript's own parser: the reference for what a syntax error is and where. */
import ts from "typescript";

export const check = (code: string) => {
  const file = ts.createSourceFile("component.tsx", code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const [first] = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? [];
  return first ? { at: first.start ?? 0, message: ts.flattenDiagnosticMessageText(first.messageText, " ") } : undefined;
};
