/**
 * The one error model of the domain: a failure is a value `{ code, message, retryable, suggestion }`
 * (plus code-specific facts such as `candidates`), rendered once by the protocol layer as an isError
 * tool result. Every code is a row of `ERROR_CODES`, and `domainError.<code>(...)` is its one
 * constructor. Operations that may fail return a `Result`; nothing here is thrown.
 */
import type { InputIssue, ToolError } from "./mcp/tool.ts";

const RETRY_ONCE = "Retry once in a few seconds; if it fails again, tell the user the component store is unavailable.";

/**
 * Every code: whether a retry can help, whether it is ours (infra: counted against the infra error
 * target, docs/usage.md) rather than the caller's, and the suggestion it carries unless told otherwise.
 */
export const ERROR_CODES = {
  invalid_args: { retryable: false, infra: false, suggestion: undefined },
  pattern_not_found: { retryable: false, infra: false, suggestion: undefined },
  component_not_found: { retryable: false, infra: false, suggestion: undefined },
  version_not_found: { retryable: false, infra: false, suggestion: undefined },
  upstream_timeout: { retryable: true, infra: true, suggestion: RETRY_ONCE },
  upstream_error: { retryable: true, infra: true, suggestion: RETRY_ONCE },
  forbidden: { retryable: false, infra: false, suggestion: undefined },
} as const satisfies Record<string, { retryable: boolean; infra: boolean; suggestion: string | undefined }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface DomainError extends ToolError {
  code: ErrorCode;
}

/** Codes whose table row has a default suggestion may omit it. */
type Constructor<C extends ErrorCode> = (typeof ERROR_CODES)[C]["suggestion"] extends string
  ? (message: string, suggestion?: string, extra?: Record<string, unknown>) => DomainError
  : (message: string, suggestion: string, extra?: Record<string, unknown>) => DomainError;

/** `domainError.version_not_found(message, suggestion, { available_versions })`: one constructor per code. */
export const domainError = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([code, row]) => [
    code,
    (message: string, suggestion?: string, extra: Record<string, unknown> = {}): DomainError => ({
      code: code as ErrorCode,
      message,
      retryable: row.retryable,
      suggestion: suggestion ?? row.suggestion ?? "",
      ...extra,
    }),
  ]),
) as { [C in ErrorCode]: Constructor<C> };

/** Whether a status (a code, or anything else a usage event records) is one of ours to fix. */
export const isInfraCode = (status: string): boolean =>
  Object.hasOwn(ERROR_CODES, status) && ERROR_CODES[status as ErrorCode].infra;

/** A failed operation. */
export interface Failure {
  ok: false;
  error: DomainError;
}

/** What an operation that may fail returns: its fields with `ok: true`, or a `Failure`. */
export type Result<T extends object = object> = ({ ok: true } & T) | Failure;

export const failure = (error: DomainError): Failure => ({ ok: false, error });

/**
 * Schema issues as one sentence the model can act on: the `invalid_args` of a tool call whose
 * arguments fail its schema (the protocol layer asks for it, `argumentsError`). The messages are
 * zod's English ones, which the tools load (src/zod-english.ts).
 */
export function invalidArguments(issues: readonly InputIssue[], tool: string): DomainError {
  const parts = issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join(".") : "arguments"}: ${i.message}`);
  return domainError.invalid_args(
    `Invalid arguments for ${tool}: ${parts.join("; ")}`,
    "Fix the arguments as the tool's inputSchema describes and call again.",
  );
}
