/**
 * What the view shows, read from a tool result exactly as the server sends it to every client: one
 * text block of compact JSON. `component_code` comes out of JSON.parse byte for byte as stored (a BOM,
 * CRLF line ends and U+2028 survive), so what is rendered, hashed and copied is what the agent pastes.
 */

export interface ComponentMetadata {
  name: string;
  pattern_id: string;
  catalog_number: string;
  version_id: string;
  active_version_id: string;
  available_versions: string[];
  sha256: string;
  bytes: number;
}

export type Shown =
  /** get_component: the code and what the toolbar needs. `url` is the pattern's page. */
  | { kind: "component"; code: string; metadata: ComponentMetadata; url?: string }
  /** get_pattern: the pattern; the view fetches its active component when it has one. */
  | { kind: "pattern"; patternId: string; title: string; catalogNumber?: string; url?: string; hasComponent: boolean }
  /** An isError result or a result this view cannot show. */
  | { kind: "error"; message: string; suggestion?: string };

interface ToolResult {
  content?: { type: string; text?: string }[];
  isError?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export function readResult(result: ToolResult): Shown {
  const text = result.content?.find((c) => c.type === "text")?.text;
  let data: unknown;
  try {
    data = text === undefined ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!isObject(data))
    return {
      kind: "error",
      message: result.isError ? (text ?? "The tool failed.") : "The tool result holds no JSON this preview can show.",
    };
  if (result.isError || isObject(data.error)) {
    const error = isObject(data.error) ? data.error : {};
    return { kind: "error", message: str(error.message) ?? "The tool failed.", suggestion: str(error.suggestion) };
  }
  const metadata = data.metadata;
  if (typeof data.component_code === "string" && isObject(metadata) && typeof metadata.pattern_id === "string") {
    const resource = isObject(data.resource) ? data.resource : {};
    return {
      kind: "component",
      code: data.component_code,
      metadata: metadata as unknown as ComponentMetadata,
      url: str(resource.url),
    };
  }
  if (typeof data.pattern_id === "string" && typeof data.has_component === "boolean") {
    return {
      kind: "pattern",
      patternId: data.pattern_id,
      title: str(data.title) ?? data.pattern_id,
      catalogNumber: str(data.catalog_number),
      url: str(data.url),
      hasComponent: data.has_component,
    };
  }
  return { kind: "error", message: "The tool result holds no component this preview can show." };
}
