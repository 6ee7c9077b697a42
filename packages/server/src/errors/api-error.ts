import type { ErrorCode } from './error-codes.js';

const API_ERROR_MARKER = Symbol.for('hearback.api-error');

export interface FieldError {
  path: string;
  message: string;
}

export interface ApiErrorOptions {
  errors?: FieldError[];
  /** Extra members of the problem body (e.g. `limit`, `plan`, `resetAt` on a 429). */
  extensions?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error the HTTP layer renders as `application/problem+json`. Services throw it;
 * the app's `onError` turns it into a response with the request id.
 *
 * @example
 * throw new ApiError(404, 'not_found', 'Feedback fb_123 was not found.');
 */
export class ApiError extends Error {
  readonly [API_ERROR_MARKER] = true;
  override name = 'ApiError';
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.errors = options.errors;
    this.extensions = options.extensions ?? {};
    this.headers = options.headers ?? {};
  }

  /** Survives duplicate copies of this package, unlike `instanceof`. */
  static isInstance(value: unknown): value is ApiError {
    return typeof value === 'object' && value !== null && API_ERROR_MARKER in value;
  }
}

/** 409 `slug_taken`: another organization (or another page of this organization) has the slug. */
export function slugTaken(what: 'organization' | 'page', slug: string | undefined): ApiError {
  const owner = what === 'organization' ? 'Another organization' : 'Another page of this organization';
  return new ApiError(409, 'slug_taken', `${owner} already uses the slug '${slug}'. Choose another.`);
}

export function notFound(what: string, id?: string): ApiError {
  return new ApiError(404, 'not_found', id ? `${what} ${id} was not found.` : `${what} was not found.`);
}
