const MARKER = Symbol.for('hearback.mcp.tool-error');

export interface HearbackToolErrorInit {
  /** The HTTP status the REST API answers with for the same refusal. */
  status: number;
  /** The stable problem code (`insufficient_scope`, `not_found`, `event_limit_reached` …). */
  code: string;
  message: string;
  /** Extra problem members worth showing an agent: `requiredScope`, `errors`, `limit`, `resetAt` … */
  details?: Record<string, unknown> | undefined;
  cause?: unknown;
}

/**
 * A refusal a {@link HearbackBackend} reports: the tools turn it into an MCP tool error
 * (`isError: true`) carrying the same code and detail the REST API gives.
 *
 * @example
 * throw new HearbackToolError({ status: 403, code: 'insufficient_scope', message: "This API key lacks the 'write' scope.", details: { requiredScope: 'write' } });
 */
export class HearbackToolError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'HearbackToolError';
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor(init: HearbackToolErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? {};
  }

  /** `instanceof` that also holds across duplicate copies of this package. */
  static isInstance(value: unknown): value is HearbackToolError {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}
