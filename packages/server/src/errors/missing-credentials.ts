import type { AcceptedCredentials } from '../domain/credentials.js';
import { ApiError } from './api-error.js';

/** Points a client at the header an API key goes in; sent only where a key is taken. */
const API_KEY_CHALLENGE = { 'WWW-Authenticate': 'ApiKey header="X-Service-Key"' };

/**
 * 401 for a request that sent none of the credentials its operation takes (or a session that has
 * ended), saying what to send: `missing_api_key` where a key will do, `sign_in_required` where
 * only a signed-in user's session will (an API key can never be used there, so asking for one
 * would mislead). No challenge for a session: no HTTP authentication scheme names a cookie.
 *
 * @example
 * throw missingCredentials(acceptedCredentials(SIGNED_IN, '/account')); // 401 sign_in_required
 */
export function missingCredentials(accepted: Exclude<AcceptedCredentials, 'none'>): ApiError {
  switch (accepted) {
    case 'key':
      return new ApiError(401, 'missing_api_key', 'Send an API key in the X-Service-Key header.', {
        headers: API_KEY_CHALLENGE,
      });
    case 'key or session':
      return new ApiError(
        401,
        'missing_api_key',
        "Send an API key in the X-Service-Key header, or sign in: a signed-in member's session works too.",
        { headers: API_KEY_CHALLENGE },
      );
    case 'session':
      return new ApiError(
        401,
        'sign_in_required',
        "Sign in first: this takes a signed-in user's session, and the request has none or its session has ended. An API key cannot be used here.",
      );
  }
}
