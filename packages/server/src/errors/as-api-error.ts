import { ApiError } from './api-error.js';

/**
 * Anything a service or the storage throws as the ApiError a caller sees: an ApiError as it is,
 * PostgreSQL's refusal of U+0000 as a 400, anything else as a 500 `internal_error` keeping the
 * error as its `cause` (for the log). The HTTP layer maps its framework's errors before this.
 */
export function asApiError(error: unknown): ApiError {
  if (ApiError.isInstance(error)) return error;
  // PostgreSQL refuses U+0000 in text (SQLSTATE 22021) wherever it comes from: a path id, a filter.
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === '22021') {
    return new ApiError(400, 'validation_failed', 'Text must not contain the NUL character (U+0000).');
  }
  return new ApiError(500, 'internal_error', 'An unexpected error occurred. It has been logged with the request id.', {
    cause: error,
  });
}
