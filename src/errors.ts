/** Domain errors: values, not exceptions, rendered once as `isError` tool results. */

export const ERROR_CODES = {
  invalid_args: { retryable: false },
  pattern_not_found: { retryable: false },
  component_not_found: { retryable: false },
  version_not_found: { retryable: false },
  upstream_timeout: { retryable: true },
  upstream_error: { retryable: true },
  forbidden: { retryable: false },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface DomainError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  suggestion: string;
  /** Extra, code-specific facts the model can act on (candidates, available versions). */
  [extra: string]: unknown;
}

export function domainError(
  code: ErrorCode,
  message: string,
  suggestion: string,
  extra: Record<string, unknown> = {},
): DomainError {
  return { code, message, retryable: ERROR_CODES[code].retryable, suggestion, ...extra };
}

/** Thrown by adapters (component source, usage store); tools turn it into a DomainError. */
export class UpstreamError extends Error {
  constructor(
    readonly code: "upstream_timeout" | "upstream_error",
    message: string,
  ) {
    super(message);
  }
}
